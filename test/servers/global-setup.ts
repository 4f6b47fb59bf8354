/*
 * Starts the Mastra AG-UI server in Node for the Chromium tests, which read its address with
 * `inject('mastraUrl')`.
 */
import type { TestProject } from 'vitest/node';
import { startMastraAgUiServer } from './mastra-agui-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    mastraUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startMastraAgUiServer();
  project.provide('mastraUrl', server.url);
  return () => server.close();
}
