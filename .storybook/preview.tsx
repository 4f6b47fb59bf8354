import type { Preview } from '@storybook/react-vite';
// Every stylesheet of the package, as `react-agent-messages/styles.css` ships them.
import.meta.glob('../src/styles/*.css', { eager: true });

const preview: Preview = {
  parameters: {
    // Every story is an accessibility test: a violation fails it.
    a11y: { test: 'error' },
    layout: 'padded',
  },
  globalTypes: {
    theme: {
      description: 'Colour scheme',
      toolbar: { title: 'Theme', items: ['light', 'dark'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light' },
  decorators: [
    (Story, context) => (
      <div data-theme={context.globals['theme'] === 'dark' ? 'dark' : 'light'}>
        <Story />
      </div>
    ),
  ],
};

export default preview;
