import { renderHook } from '@testing-library/react';
import * as React from 'react';
import { describe, expect, it } from 'vitest';
import { defaultLabels } from '../../src/components/labels.js';
import type { AgentMessagesProviderProps } from '../../src/components/provider/agent-messages-provider.js';
import {
  AgentMessagesProvider,
  useLabels,
} from '../../src/components/provider/agent-messages-provider.js';

/** Renders `useLabels` below the given providers, outermost first. */
function labelsUnder(...providers: Omit<AgentMessagesProviderProps, 'children'>[]) {
  const wrapper = ({ children }: { children: React.ReactNode }) =>
    providers.reduceRight<React.ReactNode>(
      (inner, props) => <AgentMessagesProvider {...props}>{inner}</AgentMessagesProvider>,
      children,
    );
  return renderHook(() => useLabels(), { wrapper }).result.current;
}

describe('useLabels', () => {
  it('gives the English defaults outside any provider', () => {
    const labels = renderHook(() => useLabels()).result.current;

    expect(labels).toBe(defaultLabels);
    expect(labels.copy).toBe('Copy');
    expect(labels.showMore(1234)).toBe('Show 1,234 more');
  });

  it('gives the defaults inside a provider that overrides nothing', () => {
    expect(labelsUnder({})).toBe(defaultLabels);
  });

  it("overrides only the strings the provider's labels name", () => {
    const labels = labelsUnder({ labels: { copy: 'Copier', showMore: (n) => `${n} de plus` } });

    expect(labels.copy).toBe('Copier');
    expect(labels.showMore(3)).toBe('3 de plus');
    expect(labels.copied).toBe(defaultLabels.copied);
    expect(labels.roles).toEqual(defaultLabels.roles);
  });

  it("formats numbers for the provider's locale", () => {
    expect(labelsUnder({ locale: 'de' }).showMore(1234)).toBe('Show 1.234 more');
  });

  it('merges a nested provider over its parent: the nearest override wins', () => {
    const labels = labelsUnder(
      { locale: 'de', labels: { copy: 'Kopieren', copied: 'Kopiert' } },
      { labels: { copy: 'Text kopieren' } },
    );

    expect(labels.copy).toBe('Text kopieren');
    expect(labels.copied).toBe('Kopiert');
    expect(labels.showMore(1234)).toBe('Show 1.234 more');
  });
});
