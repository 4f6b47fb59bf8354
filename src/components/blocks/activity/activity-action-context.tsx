'use client';

import * as React from 'react';
import type { ActivityAction } from '../../provider/activity-types.js';

type SendAction = (action: ActivityAction) => void;

/**
 * Where activities send their users' actions (`onActivityAction` on `<MessageList>` /
 * `<Message>`); `undefined` when the host gave no way to answer.
 */
export const ActivityActionContext = React.createContext<SendAction | undefined>(undefined);
ActivityActionContext.displayName = 'ActivityActionContext';

/**
 * Provides `onAction` to the activities below; without one, the nearest outer one stays (a
 * `<Message>` inside a `<MessageList>` that was given it).
 */
export function ActivityActionScope({
  onAction,
  children,
}: {
  onAction: SendAction | undefined;
  children: React.ReactNode;
}) {
  if (onAction === undefined) return <>{children}</>;
  return (
    <ActivityActionContext.Provider value={onAction}>{children}</ActivityActionContext.Provider>
  );
}
