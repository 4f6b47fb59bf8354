import { describe, expect, it, vi } from 'vitest';
import type { ApprovalRule, ApprovalStorage, KeyValueStorage } from '../../../src/core.js';
import {
  createApprovalPolicy,
  createLocalStorageApprovalStorage,
  createMemoryApprovalStorage,
} from '../../../src/core.js';
import { askingCall, rule } from './helpers.js';

/** An in-memory Web Storage, optionally full. */
function fakeStorage(initial: Record<string, string> = {}): KeyValueStorage & {
  items: Map<string, string>;
  full: boolean;
} {
  const items = new Map(Object.entries(initial));
  return {
    items,
    full: false,
    getItem: (key) => items.get(key) ?? null,
    setItem(key, value) {
      if (this.full) throw new Error('QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key) => void items.delete(key),
  };
}

describe('createLocalStorageApprovalStorage', () => {
  it('keeps always rules under its key, and only those', () => {
    const storage = fakeStorage();
    const first = createApprovalPolicy({
      storage: createLocalStorageApprovalStorage('k', storage),
    });
    first.add(rule('Read', null), { scope: 'session' });
    first.add(rule('Read', 'docs/**'), { scope: 'once' });
    const kept = first.add(rule('Bash', 'git status:*'), { scope: 'always' });
    expect([...storage.items.keys()]).toEqual(['k']);
    const second = createApprovalPolicy({
      storage: createLocalStorageApprovalStorage('k', storage),
    });
    expect(second.list()).toEqual([kept]);
    second.remove(kept?.id ?? '');
    expect(storage.items.size).toBe(0);
  });

  it('reads corrupted JSON as no rules, with a diagnostic holding the text', () => {
    const storage = fakeStorage({ k: '{"version":1,"rules":[' });
    const policy = createApprovalPolicy({
      storage: createLocalStorageApprovalStorage('k', storage),
    });
    expect(policy.list()).toEqual([]);
    expect(policy.diagnostics()).toEqual([
      expect.objectContaining({ code: 'storage-corrupt', raw: '{"version":1,"rules":[' }),
    ]);
    // The next save replaces it.
    policy.add(rule('Bash', null), { scope: 'always' });
    expect(JSON.parse(storage.items.get('k') ?? '')).toMatchObject({ version: 1 });
  });

  it('leaves out saved rules that are incomplete and keeps the rest', () => {
    const good = {
      id: 'a',
      tool_name: 'Bash',
      rule_content: null,
      behavior: 'allow',
      source: 'user',
    };
    const storage = fakeStorage({
      k: JSON.stringify({ version: 1, rules: [good, { id: 'b', tool_name: 'Bash' }, 7] }),
    });
    const policy = createApprovalPolicy({
      storage: createLocalStorageApprovalStorage('k', storage),
    });
    expect(policy.list().map((entry) => entry.id)).toEqual(['a']);
    expect(policy.list()[0]).toMatchObject({ scope: 'always', uses: 0, customMatch: false });
    expect(policy.diagnostics().map((d) => d.code)).toEqual(['invalid-rule', 'invalid-rule']);
    expect(
      createApprovalPolicy({
        storage: createLocalStorageApprovalStorage('other', fakeStorage({ other: '[1]' })),
      })
        .diagnostics()
        .map((d) => d.code),
    ).toEqual(['storage-corrupt']);
  });

  it('survives a full quota: the rule applies for the session, with a diagnostic', () => {
    const storage = fakeStorage();
    storage.full = true;
    const policy = createApprovalPolicy({
      storage: createLocalStorageApprovalStorage('k', storage),
    });
    expect(policy.add(rule('Bash', null), { scope: 'always' })).toBeDefined();
    expect(policy.decide(askingCall('Bash'))?.decision).toBe('allow');
    expect(policy.diagnostics()[0]).toMatchObject({ code: 'storage-write-failed' });
    expect(policy.diagnostics()[0]?.message).toContain('QuotaExceededError');
  });

  it('works without localStorage (Node, server rendering), saying so once', () => {
    const policy = createApprovalPolicy({ storage: createLocalStorageApprovalStorage('k') });
    policy.add(rule('Bash', null), { scope: 'always' });
    policy.add(rule('Read', null), { scope: 'always' });
    expect(policy.decide(askingCall('Bash'))?.decision).toBe('allow');
    expect(policy.diagnostics().map((d) => d.code)).toEqual(['storage-unavailable']);
  });

  it('survives a localStorage whose getter or methods throw (sandboxed frames)', () => {
    const descriptor = {
      configurable: true,
      get: () => {
        throw new Error('SecurityError');
      },
    };
    Object.defineProperty(globalThis, 'localStorage', descriptor);
    try {
      const policy = createApprovalPolicy({ storage: createLocalStorageApprovalStorage('k') });
      expect(policy.add(rule('Bash', null), { scope: 'always' })).toBeDefined();
      expect(policy.diagnostics().map((d) => d.code)).toEqual(['storage-unavailable']);
    } finally {
      delete (globalThis as { localStorage?: unknown }).localStorage;
    }
    const throwing: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const policy = createApprovalPolicy({
      storage: createLocalStorageApprovalStorage('k', throwing),
    });
    policy.add(rule('Bash', null), { scope: 'always' });
    expect(policy.diagnostics().map((d) => d.code)).toEqual([
      'storage-unavailable',
      'storage-write-failed',
    ]);
  });
});

describe('an app’s own (asynchronous) storage', () => {
  function serverStore(saved: readonly ApprovalRule[] = []) {
    let resolveLoad: (rules: readonly ApprovalRule[]) => void = () => undefined;
    const storage = {
      load: vi.fn(() => new Promise<readonly ApprovalRule[]>((resolve) => (resolveLoad = resolve))),
      save: vi.fn(async (_rules: readonly ApprovalRule[]) => undefined),
      appendLog: vi.fn(),
    } satisfies ApprovalStorage;
    return { storage, finishLoad: () => resolveLoad(saved) };
  }

  const saved: ApprovalRule = {
    ...rule('Bash', 'ls:*'),
    id: 'saved',
    scope: 'always',
    addedAt: '2026-01-01T00:00:00.000Z',
    uses: 3,
    lastUsedAt: null,
    customMatch: false,
  };

  it('decides from memory while loading, saves nothing until loaded, then merges', async () => {
    const { storage, finishLoad } = serverStore([saved]);
    const policy = createApprovalPolicy({ storage });
    expect(policy.decide(askingCall('Bash', { command: 'ls' }))).toBeUndefined();
    const added = policy.add(rule('Read', null), { scope: 'always' });
    expect(storage.save).not.toHaveBeenCalled();
    finishLoad();
    await policy.ready;
    expect(policy.list().map((entry) => entry.id)).toEqual(['saved', added?.id]);
    expect(storage.save).toHaveBeenCalledTimes(1);
    expect(storage.save.mock.calls[0]?.[0]).toEqual(policy.list());
    expect(policy.decide(askingCall('Bash', { command: 'ls' }))?.rule.uses).toBe(4);
  });

  it('does not bring back a rule revoked while loading', async () => {
    const { storage, finishLoad } = serverStore([saved]);
    const policy = createApprovalPolicy({ storage });
    finishLoad();
    await policy.ready;
    const reloading = policy.reload();
    policy.remove('saved');
    expect(storage.save).not.toHaveBeenCalled();
    finishLoad();
    await reloading;
    expect(policy.list()).toEqual([]);
    expect(storage.save).toHaveBeenLastCalledWith([], expect.any(Function));
  });

  it('a failed load is reported and nothing is saved over the stored rules', async () => {
    const storage: ApprovalStorage = {
      load: () => Promise.reject(new Error('offline')),
      save: vi.fn(),
    };
    const policy = createApprovalPolicy({ storage });
    await policy.ready;
    policy.add(rule('Bash', null), { scope: 'always' });
    expect(storage.save).not.toHaveBeenCalled();
    expect(policy.decide(askingCall('Bash'))?.decision).toBe('allow');
    expect(policy.diagnostics().map((d) => d.code)).toEqual(['storage-read-failed']);
  });

  it('a rejected save is reported, and every decision is handed to appendLog', async () => {
    const storage: ApprovalStorage = {
      load: () => [],
      save: () => Promise.reject(new Error('503')),
      appendLog: vi.fn(),
    };
    const policy = createApprovalPolicy({ storage });
    policy.add(rule('Bash', null), { scope: 'always' });
    policy.decide(askingCall('Bash'));
    policy.record({ toolCall: askingCall('Bash'), decision: 'deny' });
    await Promise.resolve();
    await Promise.resolve();
    expect(policy.diagnostics()[0]).toMatchObject({ code: 'storage-write-failed' });
    expect(storage.appendLog).toHaveBeenCalledTimes(2);
  });

  it('a rule saved with its own matcher matches nothing once reloaded without it', () => {
    const storage = createMemoryApprovalStorage();
    const first = createApprovalPolicy({ storage });
    first.add(rule('Bash', null), { scope: 'always', match: () => true });
    first.add(rule('Deploy', null, 'deny'), { scope: 'always', match: () => false });
    first.add(rule('Deploy', null), { scope: 'always' });
    expect(first.decide(askingCall('Bash'))?.decision).toBe('allow');
    expect(first.decide(askingCall('Deploy'))?.decision).toBe('allow');
    const second = createApprovalPolicy({ storage });
    expect(second.list()).toHaveLength(3);
    expect(second.decide(askingCall('Bash'))).toBeUndefined();
    // A deny rule that might match keeps the allow rule from answering.
    expect(second.decide(askingCall('Deploy'))).toBeUndefined();
  });
});
