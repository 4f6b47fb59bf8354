import * as React from 'react';

interface PlainTextProps extends Omit<React.ComponentPropsWithoutRef<'div'>, 'children'> {
  /** Untrusted text: shown as text, never parsed as markup or markdown. */
  text: string;
}

/**
 * Plain text with its line breaks kept even without a stylesheet, in its own bidi isolate so
 * that direction overrides inside it cannot reorder what follows.
 */
const PlainText = React.memo(function PlainText({ text, ...props }: PlainTextProps) {
  const lines = text.split(/\r\n|\r|\n/);
  return (
    <div dir="auto" {...props}>
      {lines.map((line, index) => (
        <React.Fragment key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </React.Fragment>
      ))}
    </div>
  );
});

export { PlainText };
export type { PlainTextProps };
