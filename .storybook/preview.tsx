import type { Preview } from '@storybook/react-vite';
// Every stylesheet of the package, as `react-agent-messages/styles.css` ships them.
import.meta.glob('../src/styles/*.css', { eager: true });

const THEMES = ['light', 'dark', 'auto'] as const;

const preview: Preview = {
  parameters: {
    // Every story is an accessibility test: a violation fails it.
    a11y: { test: 'error' },
    layout: 'padded',
  },
  globalTypes: {
    theme: {
      description: 'Colour scheme',
      // `auto` follows the OS (prefers-color-scheme); the components' own default is light.
      toolbar: { title: 'Theme', items: [...THEMES], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light' },
  decorators: [
    (Story, context) => (
      <div data-theme={THEMES.find((theme) => theme === context.globals['theme']) ?? 'light'}>
        <Story />
      </div>
    ),
  ],
};

export default preview;
