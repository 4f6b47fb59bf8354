/*
 * The frame's CSP is built from what a server declares: nothing it declares can add a directive,
 * a keyword or a wildcard source; a document's own markup cannot precede the policy.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appCspText, readAppCsp, withAppCsp } from '../../src/components/mcp-app/mcp-app-csp.js';

const DIRECTIVES = appCspText(readAppCsp(undefined)).split(';').length;

describe('the MCP App frame CSP', () => {
  it('denies the network by default', () => {
    const policy = appCspText(readAppCsp({}));
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("connect-src 'none'");
    expect(policy).toContain("frame-src 'none'");
    expect(policy).not.toMatch(/unsafe-eval|\*(?!\.)/);
  });

  it('takes declared origins, and drops keywords, paths, wildcards and directive breaks', () => {
    const csp = readAppCsp({
      ui: {
        csp: {
          connectDomains: [
            'https://api.example.com',
            "'unsafe-eval'",
            '*',
            'https://a.example.com; script-src *',
            'https://b.example.com/path',
            'javascript:alert(1)',
            'wss://live.example.com:8443',
          ],
          resourceDomains: ['https://*.cdn.example.com', 42],
        },
      },
    });
    expect(csp.connectDomains).toEqual(['https://api.example.com', 'wss://live.example.com:8443']);
    expect(csp.resourceDomains).toEqual(['https://*.cdn.example.com']);
  });

  it('whatever a server declares, the policy keeps its directives and no quoted keyword of its own', () => {
    fc.assert(
      fc.property(
        fc.record({
          connectDomains: fc.array(fc.oneof(fc.string(), fc.webUrl(), fc.constant("'self'"))),
          resourceDomains: fc.array(fc.oneof(fc.string(), fc.webUrl())),
          frameDomains: fc.array(fc.string()),
          baseUriDomains: fc.array(fc.string()),
        }),
        (declared) => {
          const policy = appCspText(readAppCsp({ ui: { csp: declared } }));
          expect(policy.split(';')).toHaveLength(DIRECTIVES);
          const quoted = policy.match(/'[^']*'/g) ?? [];
          expect(new Set(quoted)).toEqual(new Set(["'none'", "'unsafe-inline'"]));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('puts the policy before any markup of the document, a script ahead of <head> included', () => {
    const html = withAppCsp(
      '<!doctype html><script>fetch("/x")</script><head></head>',
      readAppCsp({}),
    );
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script>'));
    const parsed = new DOMParser().parseFromString(html, 'text/html');
    expect(parsed.head.firstElementChild?.getAttribute('http-equiv')).toBe(
      'Content-Security-Policy',
    );
    expect(parsed.compatMode).toBe('CSS1Compat');
  });
});
