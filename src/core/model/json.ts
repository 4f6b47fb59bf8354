/** Any value that survives `JSON.parse(JSON.stringify(value))`. */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;

/** A JSON object: what `metadata`, `value` and unknown payloads hold. */
export interface JsonObject {
  [key: string]: JsonValue;
}
