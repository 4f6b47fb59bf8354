import type { Labels } from '../components/labels.js';
import { createPackLabels } from './pack-labels.js';
import words from './zh-Hans.json' with { type: 'json' };

/**
 * The locale the Simplified Chinese labels are written for: give it to `AgentMessagesProvider`
 * with them.
 */
export const locale = 'zh-Hans';

/** The text direction of Chinese, for the app's root element. */
export const direction = 'ltr';

// Chinese has one plural form (`other`); counts still go through `plural` so that the number is
// formatted for the locale like every other pack's.
/** Every string the components show, in Simplified Chinese (numbers and dates through `Intl`). */
export const labels: Labels = createPackLabels(locale, ({ number, plural, ...formats }) => ({
  ...words,
  // Approval rules
  ruleText: (tool, pattern) => (pattern === null ? `${tool}（任意调用）` : `${tool}：${pattern}`),
  decidedByRule: (decision, rule) =>
    decision === 'allow' ? `已由规则 ${rule} 批准` : `已由规则 ${rule} 拒绝`,
  revokeRuleNamed: (rule) => `撤销规则 ${rule}`,
  decidedBy: (by, rule) => (by === 'user' ? '你' : rule === null ? '规则' : `规则 ${rule}`),
  timesUsed: (n) => (n === 0 ? '尚未使用' : plural(n, { other: '# 次' })),
  // Chat
  queuedMessage: (position) => `排队的消息 ${number(position)}`,
  queuedFiles: (n) => `${number(n)}个文件`,
  removeAttachment: (name) => `移除 ${name}`,
  attachmentTooLarge: (name, limit) => `${name} 超过 ${limit}`,
  attachmentTypeRejected: (name) => `${name}：无法添加此类型的文件`,
  tooManyAttachments: (max) => `最多只能添加 ${plural(max, { other: '# 个文件' })}`,
  branchCounter: (position, total) => `${number(position)} / ${number(total)}`,
  branchPosition: (position, total) => `第 ${number(position)} 个版本，共 ${number(total)} 个`,
  subagentRun: (name, n) =>
    `子智能体${name === null ? '' : ` ${name}`}：${plural(n, { other: '# 条消息' })}`,
  // Protocol views
  dataPart: (name) => `数据：${name}`,
  dataPartFailed: (name) => `无法显示 ${name} 视图，改为显示其数据。`,
  // Messages and blocks
  thoughtFor: (seconds) => `已思考 ${formats.duration(seconds)}`,
  showAll: (characters) => `显示全部（${plural(characters, { other: '# 个字符' })}）`,
  blockFailed: (type) => `无法显示此 ${type} 块。`,
  unsupportedContent: (type) => `不支持的内容：${type}`,
  hiddenCharacter: (codePoint) => `隐藏字符 ${codePoint}（不会被复制）`,
  outputCapped: (shown, total) =>
    `正在显示 ${number(total)} 个字符中的前 ${plural(shown, { other: '# 个' })}`,
  showMore: (n) => `再显示 ${number(n)} 条`,
  startedAt: (date) => `开始于 ${formats.date(date)}`,
  tokens: (input, output) =>
    `输入 ${plural(input, { other: '# 个 token' })} · 输出 ${plural(output, { other: '# 个 token' })}`,
  loadMedia: (host) => `从 ${host} 加载`,
  unresolvedMedia: (name) => `${name}（不可用）`,
  mediaBlocked: (reason) => `已拦截：${reason}`,
  mediaFailed: (name) => `无法加载 ${name}`,
  downloadFile: (name) => `下载 ${name}`,
  viewImage: (alt) => `打开图片：${alt}`,
  documentPreview: (name) => `${name} 的预览`,
  openDocument: (host) => `在 ${host} 上打开`,
  pageList: (pages) => `第 ${pages.map((page) => number(page)).join('、')} 页`,
  citation: (index) => `来源 ${number(index)}`,
  citationPage: (page) => `第 ${number(page)} 页`,
  linksTo: (host) => `链接到 ${host}`,
  backToReference: (index) => `返回引用 ${number(index)}`,
  alwaysAllow: (tool, rule) => `始终允许 ${tool}${rule === null ? '（任意调用）' : `：${rule}`}`,
  confirmationTitle: (n) =>
    n === 1 ? '智能体想要运行一个工具' : plural(n, { other: '智能体想要运行 # 个工具' }),
  decisionSent: (confirmed) => (confirmed ? '已允许，正在等待智能体…' : '已拒绝，正在等待智能体…'),
  contextCompacted: (tokens) =>
    tokens === null
      ? '上下文已压缩'
      : `上下文已压缩——已总结 ${plural(tokens, { other: '# 个 token' })}`,
  branchSummary: (label) => (label === null ? '分支摘要' : `分支摘要：${label}`),
  replyPending: (name) => `${name} 正在思考…`,
  textFinished: (name, excerpt) => `${name}：${excerpt}`,
  replyEnded: (name, status) =>
    ({
      done: `${name} 已完成回复`,
      error: '回复失败',
      interrupted: '回复已中断',
      exceeded: '回复已停止：步骤过多',
    })[status],
  toolEnded: (name, state) =>
    ({
      running: `工具 ${name} 正在运行`,
      success: `工具 ${name} 已完成`,
      error: `工具 ${name} 失败`,
      interrupted: `工具 ${name} 已中断`,
      denied: `工具 ${name} 已被拒绝`,
    })[state],
  approvalNeeded: (name) => `需要批准：工具 ${name}`,
  // Activities
  activity: (type) => `活动：${type}`,
  activityFailed: (type) => `${type} 视图出错，改为显示其内容。`,
  // MCP Apps
  mcpAppTitle: (name) => `应用：${name}`,
}));
