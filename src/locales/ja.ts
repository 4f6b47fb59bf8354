import type { Labels } from '../components/labels.js';
import { createPackLabels } from './pack-labels.js';
import words from './ja.json' with { type: 'json' };

/** The locale the Japanese labels are written for: give it to `AgentMessagesProvider` with them. */
export const locale = 'ja';

/** The text direction of Japanese, for the app's root element. */
export const direction = 'ltr';

// Japanese has one plural form (`other`); counts still go through `plural` so that the number is
// formatted for the locale like every other pack's.
/** Every string the components show, in Japanese (numbers and dates through `Intl` for `ja`). */
export const labels: Labels = createPackLabels(locale, ({ number, plural, ...formats }) => ({
  ...words,
  // Approval rules
  ruleText: (tool, pattern) =>
    pattern === null ? `${tool}（すべての呼び出し）` : `${tool}: ${pattern}`,
  decidedByRule: (decision, rule) =>
    decision === 'allow' ? `ルール ${rule} により許可` : `ルール ${rule} により拒否`,
  revokeRuleNamed: (rule) => `ルール ${rule} を取り消す`,
  decidedBy: (by, rule) => (by === 'user' ? 'あなた' : rule === null ? 'ルール' : `ルール ${rule}`),
  timesUsed: (n) => (n === 0 ? '未使用' : plural(n, { other: '# 回' })),
  // Chat
  queuedMessage: (position) => `キュー内のメッセージ ${number(position)}`,
  queuedFiles: (n) => `${number(n)}ファイル`,
  removeAttachment: (name) => `${name} を削除`,
  attachmentTooLarge: (name, limit) => `${name} は ${limit} を超えています`,
  attachmentTypeRejected: (name) => `${name}: この種類のファイルは添付できません`,
  tooManyAttachments: (max) => `添付できるファイルは最大 ${plural(max, { other: '# 件' })}です`,
  branchCounter: (position, total) => `${number(position)} / ${number(total)}`,
  branchPosition: (position, total) => `バージョン ${number(position)} / ${number(total)}`,
  subagentRun: (name, n) =>
    `サブエージェント${name === null ? '' : ` ${name}`}: ${plural(n, { other: '# 件のメッセージ' })}`,
  // Protocol views
  dataPart: (name) => `データ: ${name}`,
  dataPartFailed: (name) => `${name} のビューを表示できなかったため、データを表示しています。`,
  // Messages and blocks
  thoughtFor: (seconds) => `${formats.duration(seconds)}思考しました`,
  showAll: (characters) => `すべて表示（${plural(characters, { other: '# 文字' })}）`,
  blockFailed: (type) => `この ${type} ブロックを表示できませんでした。`,
  unsupportedContent: (type) => `未対応のコンテンツ: ${type}`,
  hiddenCharacter: (codePoint) => `非表示の文字 ${codePoint}（コピーされません）`,
  outputCapped: (shown, total) =>
    `${number(total)} 文字のうち最初の ${plural(shown, { other: '# 文字' })}を表示しています`,
  showMore: (n) => `さらに ${number(n)} 件表示`,
  startedAt: (date) => `${formats.date(date)} に開始`,
  tokens: (input, output) =>
    `入力 ${plural(input, { other: '# トークン' })} · 出力 ${plural(output, { other: '# トークン' })}`,
  loadMedia: (host) => `${host} から読み込む`,
  unresolvedMedia: (name) => `${name}（利用できません）`,
  mediaBlocked: (reason) => `ブロックされました: ${reason}`,
  mediaFailed: (name) => `${name} を読み込めませんでした`,
  downloadFile: (name) => `${name} をダウンロード`,
  viewImage: (alt) => `画像を開く: ${alt}`,
  documentPreview: (name) => `${name} のプレビュー`,
  openDocument: (host) => `${host} で開く`,
  pageList: (pages) => `${pages.map((page) => number(page)).join('、')} ページ`,
  citation: (index) => `出典 ${number(index)}`,
  citationPage: (page) => `${number(page)} ページ`,
  linksTo: (host) => `リンク先: ${host}`,
  backToReference: (index) => `参照 ${number(index)} に戻る`,
  alwaysAllow: (tool, rule) =>
    `${tool} を常に許可${rule === null ? '（すべての呼び出し）' : `: ${rule}`}`,
  confirmationTitle: (n) =>
    n === 1
      ? 'エージェントがツールを実行しようとしています'
      : plural(n, { other: 'エージェントが # 個のツールを実行しようとしています' }),
  decisionSent: (confirmed) =>
    confirmed
      ? '許可しました。エージェントを待っています…'
      : '拒否しました。エージェントを待っています…',
  contextCompacted: (tokens) =>
    tokens === null
      ? 'コンテキストを圧縮しました'
      : `コンテキストを圧縮しました（${plural(tokens, { other: '# トークン' })}を要約）`,
  branchSummary: (label) => (label === null ? 'ブランチの要約' : `ブランチの要約: ${label}`),
  replyPending: (name) => `${name} が考えています…`,
  textFinished: (name, excerpt) => `${name}: ${excerpt}`,
  replyEnded: (name, status) =>
    ({
      done: `${name} の回答が終わりました`,
      error: '回答に失敗しました',
      interrupted: '回答が中断されました',
      exceeded: '回答を停止しました: ステップ数が多すぎます',
    })[status],
  toolEnded: (name, state) =>
    ({
      running: `ツール ${name} を実行中`,
      success: `ツール ${name} が終了しました`,
      error: `ツール ${name} が失敗しました`,
      interrupted: `ツール ${name} が中断されました`,
      denied: `ツール ${name} が拒否されました`,
    })[state],
  approvalNeeded: (name) => `承認が必要です: ツール ${name}`,
  // Activities
  activity: (type) => `アクティビティ: ${type}`,
  activityFailed: (type) => `${type} の表示に失敗しました。代わりに内容を表示しています。`,
  // MCP Apps
  mcpAppTitle: (name) => `アプリ: ${name}`,
}));
