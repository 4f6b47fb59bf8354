/** The version of react-agent-messages written in recordings (a test keeps it equal to package.json's). */
export const LIBRARY_VERSION = '0.1.0';
/** The recording file format this version writes, and the newest it reads (`formatVersion`). */
export const RECORDING_FORMAT_VERSION = 2;
