// `<!-- story: <story-id> "Title" -->` on a line of its own embeds that Storybook story (from the
// static build in `storybook/`) where the line is; on GitHub the comment shows nothing. The ids are
// checked against Storybook's index.json after the build (scripts/docs-build.mjs).
import type { MarkdownRenderer } from 'vitepress';

/** One embed: the story id and its caption. */
export const STORY_COMMENT = /^<!--\s*story:\s*([a-z0-9-]+)(?:\s+"([^"]*)")?\s*-->\s*$/;

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Renders story comments as iframes of Storybook's static build, under the site's `base`. */
export function storyEmbeds(md: MarkdownRenderer, base: string): void {
  const html = md.renderer.rules.html_block;
  md.renderer.rules.html_block = (tokens, index, options, env, self) => {
    const found = STORY_COMMENT.exec(tokens[index]?.content.trim() ?? '');
    const id = found?.[1];
    if (!found || !id)
      return html ? html(tokens, index, options, env, self) : (tokens[index]?.content ?? '');
    const title = escape(found[2] ?? id);
    const story = `${base}storybook/iframe.html?id=${id}&viewMode=story`;
    const open = `${base}storybook/index.html?path=/story/${id}`;
    return (
      `<figure class="story" data-story="${id}">` +
      `<iframe src="${escape(story)}" title="${title}" loading="lazy"></iframe>` +
      `<figcaption>${title} · <a href="${escape(open)}" target="_blank" rel="noopener">open in Storybook</a></figcaption>` +
      `</figure>\n`
    );
  };
  // Inline code is shown as written: `components={{ text: MyText }}` is no Vue interpolation.
  const code = md.renderer.rules.code_inline;
  md.renderer.rules.code_inline = (tokens, index, options, env, self) =>
    (code ? code(tokens, index, options, env, self) : '').replace(/^<code/, '<code v-pre');
}
