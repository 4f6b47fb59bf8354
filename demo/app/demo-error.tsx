import type * as React from 'react';

/** A failure the user should read now (announced as an alert); nothing when there is none. */
export function DemoError({ children }: { children: React.ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <p role="alert" className="demo-error">
      {children}
    </p>
  );
}
