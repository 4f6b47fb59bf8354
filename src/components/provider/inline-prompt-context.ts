'use client';

import * as React from 'react';

/**
 * True inside a `<Message>` that shows the confirmation prompt for its own calls: the prompt
 * shows the arguments of each call that asks for approval, so that call's card does not.
 */
export const InlinePromptContext = React.createContext(false);
