/** A `data:` URL taken apart: its media type, its `;` parameters and the text after the comma. */
export interface DataUrlParts {
  /** As written (not trimmed nor lowercased): each protocol decides how strict to be. */
  mediaType: string;
  parameters: string[];
  data: string;
}

const DATA_URL = /^data:([^,]*),/i;

/** The parts of a `data:` URL, or `null` when `text` does not start with `data:…,`. */
export function readDataUrl(text: string): DataUrlParts | null {
  const header = DATA_URL.exec(text);
  if (header === null) return null;
  const [mediaType = '', ...parameters] = (header[1] ?? '').split(';');
  return { mediaType, parameters, data: text.slice(header[0].length) };
}
