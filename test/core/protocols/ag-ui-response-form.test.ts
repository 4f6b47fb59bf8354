import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildAgUiFormPayload,
  readAgUiResponseForm,
  standaloneAgUiInterrupts,
} from '../../../src/core/protocols/ag-ui/response-form.js';
import { createAgUiResume } from '../../../src/core/protocols/ag-ui/resume.js';
import { assistantMsg, toolCallBlock } from '../../../src/core/model/factories.js';

const schema = {
  type: 'object',
  properties: {
    reason: { type: 'string', title: 'Reason', description: 'Why?' },
    amount: { type: 'number', default: 5 },
    copies: { type: 'integer' },
    urgent: { type: 'boolean', default: true },
    env: { enum: ['staging', 'production'], default: 'staging' },
  },
  required: ['reason', 'env'],
};

describe('readAgUiResponseForm', () => {
  it('reads a flat object of strings, numbers, booleans and enums as form fields', () => {
    expect(readAgUiResponseForm(schema)).toEqual([
      { name: 'reason', kind: 'string', title: 'Reason', description: 'Why?', required: true },
      { name: 'amount', kind: 'number', title: 'amount', required: false, default: 5 },
      { name: 'copies', kind: 'integer', title: 'copies', required: false },
      { name: 'urgent', kind: 'boolean', title: 'urgent', required: false, default: true },
      {
        name: 'env',
        kind: 'enum',
        title: 'env',
        required: true,
        options: ['staging', 'production'],
        default: 'staging',
      },
    ]);
  });

  it.each([
    ['no schema', undefined],
    ['a boolean schema', true],
    ['an array type', { type: 'array', items: { type: 'string' } }],
    ['a nested object', { type: 'object', properties: { a: { type: 'object' } } }],
    ['no properties', { type: 'object', properties: {} }],
    ['an enum of objects', { properties: { a: { enum: [{ x: 1 }] } } }],
    ['a property that is not a schema', { properties: { a: 'string' } }],
  ])('gives no form for %s', (_, value) => {
    expect(readAgUiResponseForm(value)).toBeNull();
  });

  it('never throws, whatever JSON the agent sends', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const fields = readAgUiResponseForm(value);
        if (fields === null) return;
        // Whatever the form, empty answers never throw either.
        buildAgUiFormPayload(fields, new Map());
      }),
    );
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('trap');
        },
      },
    );
    expect(readAgUiResponseForm(hostile)).toBeNull();
  });
});

describe('buildAgUiFormPayload', () => {
  const fields = readAgUiResponseForm(schema) ?? [];

  it('types the values: numbers parsed, the chosen option, booleans, empty optional fields left out', () => {
    const values = new Map<string, string | boolean>([
      ['reason', 'hotfix'],
      ['amount', ' 2.5 '],
      ['copies', ''],
      ['urgent', false],
      ['env', '1'],
    ]);
    expect(buildAgUiFormPayload(fields, values)).toEqual({
      ok: true,
      payload: { reason: 'hotfix', amount: 2.5, urgent: false, env: 'production' },
    });
  });

  it('reports required fields left empty and numbers that are not numbers', () => {
    const values = new Map<string, string | boolean>([
      ['reason', '  '],
      ['copies', '1.5'],
      ['amount', 'many'],
    ]);
    const result = buildAgUiFormPayload(fields, values);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect([...result.errors]).toEqual([
      ['reason', 'required'],
      ['amount', 'number'],
      ['copies', 'number'],
      ['env', 'required'],
    ]);
  });

  it('keeps a field named __proto__ as a plain key of the payload', () => {
    const form = readAgUiResponseForm(JSON.parse('{"properties":{"__proto__":{"type":"string"}}}'));
    const result = buildAgUiFormPayload(form ?? [], new Map([['__proto__', 'x']]));
    expect(result.ok && Object.getPrototypeOf(result.payload)).toBe(Object.prototype);
    expect(result.ok && Object.keys(result.payload)).toEqual(['__proto__']);
  });

  it('becomes the resume entry the agent expects', () => {
    const interrupt = { id: 'i1', reason: 'input_required', responseSchema: schema };
    const built = buildAgUiFormPayload(
      fields,
      new Map([
        ['reason', 'x'],
        ['env', '0'],
      ]),
    );
    if (!built.ok) throw new Error('the form should be valid');
    expect(
      createAgUiResume(
        [interrupt],
        [{ interruptId: 'i1', status: 'resolved', payload: built.payload }],
      ),
    ).toEqual([
      {
        interruptId: 'i1',
        status: 'resolved',
        payload: { reason: 'x', urgent: false, env: 'staging' },
      },
    ]);
  });
});

describe('standaloneAgUiInterrupts', () => {
  it('keeps interrupts that name no call, or a call that is not in the messages', () => {
    const call = toolCallBlock({ id: 'c1', name: 'deploy', input: '{}', state: 'asking' });
    const messages = [assistantMsg([call])];
    const interrupts = [
      { id: 'a', reason: 'approval', toolCallId: 'c1' },
      { id: 'b', reason: 'input_required', message: 'Which region?' },
      { id: 'c', reason: 'approval', toolCallId: 'gone' },
    ];
    expect(standaloneAgUiInterrupts(interrupts, messages).map((i) => i.id)).toEqual(['b', 'c']);
    expect(standaloneAgUiInterrupts('junk' as never, messages)).toEqual([]);
  });
});
