interface CryptoLike {
  randomUUID?(): string;
}

// Core runs in Node, workers and browsers: reach `crypto` through globalThis, with no DOM types.
const platformCrypto = (globalThis as { crypto?: CryptoLike }).crypto;

/** A new id in AgentScope's shape: 32 lowercase hex characters (a uuid4 without dashes). */
export function generateId(): string {
  if (platformCrypto?.randomUUID) return platformCrypto.randomUUID().replaceAll('-', '');
  let id = '';
  for (let i = 0; i < 32; i++) id += Math.floor(Math.random() * 16).toString(16);
  return id;
}

/** The current time as an ISO 8601 string in UTC, as AgentScope's TypeScript port writes it. */
export function currentTimestamp(): string {
  return new Date().toISOString();
}
