import type { Labels } from '../components/labels.js';
import { createLocaleFormats } from '../components/locale-formats.js';

// Japanese has one plural form (`other`); counts still go through `plural` so that the number is
// formatted for the locale like every other pack's.
const { number, plural, ...formats } = createLocaleFormats('ja');

const ja = {
  // Approval rules
  ruleText: (tool, pattern) =>
    pattern === null ? `${tool}（すべての呼び出し）` : `${tool}: ${pattern}`,
  decidedByRule: (decision, rule) =>
    decision === 'allow' ? `ルール ${rule} により許可` : `ルール ${rule} により拒否`,
  revokeRule: '取り消す',
  revokeRuleNamed: (rule) => `ルール ${rule} を取り消す`,
  ruleRevoked: 'ルールを取り消しました',
  approvalRules: '承認ルール',
  rulesHeading: 'ルール',
  rulesEmpty: 'ルールはまだありません。リクエストで「常に許可」を選ぶと追加されます。',
  logHeading: '判断の履歴',
  logEmpty: '判断はまだありません',
  exportLog: '履歴をエクスポート（JSON）',
  ruleColumns: {
    tool: 'ツール',
    pattern: 'パターン',
    behavior: '動作',
    scope: '有効期間',
    added: '追加日時',
    uses: '使用回数',
  },
  logColumns: {
    time: '日時',
    tool: 'ツール',
    arguments: '引数',
    decision: '判断',
    decidedBy: '判断者',
  },
  anyInvocation: 'すべての呼び出し',
  ruleScope: { once: '1 回のみ', session: 'このセッション', always: '常に' },
  ruleBehavior: { allow: '許可', deny: '拒否', ask: '確認', passthrough: 'そのまま渡す' },
  approvalDecision: { allow: '許可済み', deny: '拒否済み' },
  decidedBy: (by, rule) => (by === 'user' ? 'あなた' : rule === null ? 'ルール' : `ルール ${rule}`),
  timesUsed: (n) => (n === 0 ? '未使用' : plural(n, { other: '# 回' })),
  olderDecisions: (n) => plural(n, { other: '以前の判断 # 件' }),
  policyProblems: (n) => plural(n, { other: 'ルールまたはその保存に # 件の問題があります' }),
  // Chat
  composerLabel: 'メッセージ',
  composerPlaceholder: 'メッセージを送信…',
  send: '送信',
  stop: '停止',
  composerAwaitingConfirmation: '先に上の承認リクエストに答えてください',
  sendFailed: 'メッセージを送信できませんでした。もう一度お試しください。',
  attachFiles: 'ファイルを添付',
  attachments: '添付ファイル',
  dropFiles: 'ここにファイルをドロップして添付',
  removeAttachment: (name) => `${name} を削除`,
  attachmentTooLarge: (name, limit) => `${name} は ${limit} を超えています`,
  attachmentTypeRejected: (name) => `${name}: この種類のファイルは添付できません`,
  tooManyAttachments: (max) => `添付できるファイルは最大 ${plural(max, { other: '# 件' })}です`,
  branches: 'バージョン',
  previousBranch: '前のバージョン',
  nextBranch: '次のバージョン',
  branchCounter: (position, total) => `${number(position)} / ${number(total)}`,
  branchPosition: (position, total) => `バージョン ${number(position)} / ${number(total)}`,
  subagentRun: (name, n) =>
    `サブエージェント${name === null ? '' : ` ${name}`}: ${plural(n, { other: '# 件のメッセージ' })}`,
  messageActions: 'メッセージの操作',
  copyFailed: 'コピーできませんでした',
  retry: '再試行',
  edit: '編集',
  editMessage: 'メッセージを編集',
  save: '保存',
  cancel: 'キャンセル',
  goodResponse: '良い回答',
  badResponse: '良くない回答',
  // Protocol views
  dataPart: (name) => `データ: ${name}`,
  dataPartFailed: (name) => `${name} のビューを表示できなかったため、データを表示しています。`,
  interruptTitle: 'エージェントが入力を求めています',
  interruptSubmit: '送信',
  interruptCancel: 'キャンセル',
  interruptRequired: '必須',
  interruptJsonAnswer: '回答（JSON）',
  interruptInvalidJson: '有効な JSON ではありません',
  interruptNoChoice: '—',
  interruptInvalidNumber: '数値を入力してください',
  interruptSending: '送信中…',
  interruptSent: '回答を送信しました',
  interruptFailed: '回答を送信できませんでした。もう一度お試しください。',
  // Messages and blocks
  roles: { user: 'あなた', assistant: 'アシスタント', system: 'システム', tool: 'ツール' },
  replyStatus: {
    streaming: '回答中…',
    'awaiting-confirmation': '承認を待っています',
    'awaiting-external': '外部ツールを待っています',
    done: '完了',
    error: '失敗',
    interrupted: '中断',
    exceeded: '停止: ステップ数が多すぎます',
  },
  finishedReason: {
    completed: '完了',
    interrupted: 'ユーザーが中断しました',
    exceed_max_iters: '最大ステップ数に達したため停止しました',
    error: '失敗',
  },
  toolCallState: {
    pending: '保留中',
    asking: '承認が必要',
    allowed: '許可済み',
    submitted: '外部で実行中',
    finished: '終了',
  },
  toolResultState: {
    running: '実行中',
    success: '成功',
    error: '失敗',
    interrupted: '中断',
    denied: '拒否',
  },
  media: {
    image: '画像',
    audio: '音声',
    video: '動画',
    document: 'ドキュメント',
    file: 'ファイル',
  },
  thinking: '思考中…',
  thoughtFor: (seconds) => `${formats.duration(seconds)}思考しました`,
  redactedThinking: '推論はプロバイダーによって非表示にされています',
  reasoning: '思考',
  copy: 'コピー',
  copied: 'コピーしました',
  showRaw: '元データを表示',
  showAll: (characters) => `すべて表示（${plural(characters, { other: '# 文字' })}）`,
  showLess: '折りたたむ',
  blockFailed: (type) => `この ${type} ブロックを表示できませんでした。`,
  unsupportedContent: (type) => `未対応のコンテンツ: ${type}`,
  arguments: '引数',
  result: '結果',
  remoteTool: 'アプリ内で実行',
  noArguments: '引数なし',
  argumentsInPrompt: '下の承認リクエストに表示されています',
  invalidArguments: '有効な JSON ではありません。受信したまま表示しています',
  noOutput: '出力なし',
  systemReminder: 'システムからの注記',
  hiddenCharacter: (codePoint) => `非表示の文字 ${codePoint}（コピーされません）`,
  hiddenCharacters: '非表示の文字が含まれています。[U+…] として表示し、コピー時には除外します。',
  outputCapped: (shown, total) =>
    `${number(total)} 文字のうち最初の ${plural(shown, { other: '# 文字' })}を表示しています`,
  showMore: (n) => `さらに ${number(n)} 件表示`,
  jsonEntries: (n) => plural(n, { other: '# 項目' }),
  elapsed: formats.elapsed,
  startedAt: (date) => `${formats.date(date)} に開始`,
  tokens: (input, output) =>
    `入力 ${plural(input, { other: '# トークン' })} · 出力 ${plural(output, { other: '# トークン' })}`,
  cacheTokens: (n) => plural(n, { other: 'キャッシュ済み # トークン' }),
  cost: formats.cost,
  loadMedia: (host) => `${host} から読み込む`,
  blockedUrl: 'ブロックされたリンク',
  unresolvedMedia: (name) => `${name}（利用できません）`,
  mediaLoading: '読み込み中…',
  mediaBlocked: (reason) => `ブロックされました: ${reason}`,
  mediaFailed: (name) => `${name} を読み込めませんでした`,
  downloadFile: (name) => `${name} をダウンロード`,
  viewImage: (alt) => `画像を開く: ${alt}`,
  documentPreview: (name) => `${name} のプレビュー`,
  openDocument: (host) => `${host} で開く`,
  pageList: (pages) => `${pages.map((page) => number(page)).join('、')} ページ`,
  download: 'ダウンロード',
  openImage: '画像を開く',
  close: '閉じる',
  transcript: '文字起こし',
  pages: (n) => plural(n, { other: '# ページ' }),
  sources: '出典',
  citation: (index) => `出典 ${number(index)}`,
  citationPage: (page) => `${number(page)} ページ`,
  opensInNewTab: '（新しいタブで開きます）',
  linksTo: (host) => `リンク先: ${host}`,
  thisSite: 'このサイト',
  blockedImage: 'ブロックされた画像',
  taskDone: '完了',
  taskOpen: '未完了',
  footnotes: '脚注',
  backToReference: (index) => `参照 ${number(index)} に戻る`,
  allow: '許可',
  alwaysAllow: (tool, rule) =>
    `${tool} を常に許可${rule === null ? '（すべての呼び出し）' : `: ${rule}`}`,
  deny: '拒否',
  allowAll: 'すべて許可',
  denyAll: 'すべて拒否',
  confirmationTitle: (n) =>
    n === 1
      ? 'エージェントがツールを実行しようとしています'
      : plural(n, { other: 'エージェントが # 個のツールを実行しようとしています' }),
  sending: '送信中…',
  decisionFailed: '判断を送信できませんでした。もう一度お試しください。',
  decisionSent: (confirmed) =>
    confirmed
      ? '許可しました。エージェントを待っています…'
      : '拒否しました。エージェントを待っています…',
  duplicateKeys:
    'この引数には重複したキーがあり、ツールはどちらの値を読むかわかりません。送信されたとおりに表示しています。',
  reviewArguments: '引数が長いため、許可する前にすべて表示して確認してください。',
  confirmationArming: 'まもなく操作できます',
  error: 'エラー',
  hint: '注記',
  contextCompacted: (tokens) =>
    tokens === null
      ? 'コンテキストを圧縮しました'
      : `コンテキストを圧縮しました（${plural(tokens, { other: '# トークン' })}を要約）`,
  branchSummary: (label) => (label === null ? 'ブランチの要約' : `ブランチの要約: ${label}`),
  dismiss: '閉じる',
  listLabel: '会話',
  listEmpty: 'メッセージはまだありません',
  listLoading: '読み込み中…',
  listLoadingOlder: '以前のメッセージを読み込み中…',
  replyPending: (name) => `${name} が考えています…`,
  jumpToLatest: '最新へ移動',
  newMessages: (n) => plural(n, { other: '新着メッセージ # 件' }),
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
  a2uiLoading: 'インターフェースを読み込んでいます…',
  a2uiMissing:
    'このインターフェース用の A2UI レンダラーが設定されていません。代わりに内容を表示しています。',
  a2uiFailed: 'このインターフェースを表示できませんでした。代わりに内容を表示しています。',
  // MCP Apps
  mcpAppTitle: (name) => `アプリ: ${name}`,
  mcpAppLoading: 'アプリを読み込んでいます…',
  mcpAppFailed: 'アプリを読み込めませんでした。',
  mcpAppTimeout: 'アプリが起動しませんでした。',
  mcpAppBlocked: 'ブロックしました: アプリが送信したメッセージが多すぎます。',
  relativeTime: formats.relativeTime,
  absoluteTime: formats.absoluteTime,
} satisfies Labels;

/** The locale the Japanese labels are written for: give it to `AgentMessagesProvider` with them. */
export const locale = 'ja';

/** The text direction of Japanese, for the app's root element. */
export const direction = 'ltr';

/** Every string the components show, in Japanese (numbers and dates through `Intl` for `ja`). */
export const labels: Labels = ja;
