'use client';

import * as React from 'react';

/** The level of the inspector's section headings: under the panel's own `h2` unless told. */
const HeadingLevelContext = React.createContext<2 | 3>(3);

/** Gives the inspector's section headings their level, to fit the page's outline. */
function DevtoolsHeadingLevel({ level, children }: { level: 2 | 3; children: React.ReactNode }) {
  return <HeadingLevelContext.Provider value={level}>{children}</HeadingLevelContext.Provider>;
}

/** A section heading (`sub` one level lower), at the level the outline asks for. */
function DevtoolsHeading({ sub = false, children }: { sub?: boolean; children: React.ReactNode }) {
  const level = React.useContext(HeadingLevelContext) + (sub ? 1 : 0);
  const Tag = level === 2 ? 'h2' : level === 3 ? 'h3' : 'h4';
  return <Tag data-slot="devtools-heading">{children}</Tag>;
}

export { DevtoolsHeading, DevtoolsHeadingLevel };
