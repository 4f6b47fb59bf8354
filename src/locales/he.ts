import type { Labels } from '../components/labels.js';
import type { PluralForms } from '../components/locale-formats.js';
import { createLocaleFormats } from '../components/locale-formats.js';

const { number, plural, ...formats } = createLocaleFormats('he');

// Hebrew counts take three forms (`Intl.PluralRules('he')`): one, two (a dual where the noun has
// one: "פעמיים", or "שתי"/"שני" before it) and other.
const characters: PluralForms = { one: 'תו אחד', two: 'שני תווים', other: '# תווים' };
const tokens: PluralForms = { one: 'טוקן אחד', two: 'שני טוקנים', other: '# טוקנים' };
const messages: PluralForms = { one: 'הודעה אחת', two: 'שתי הודעות', other: '# הודעות' };

const he = {
  // Approval rules
  ruleText: (tool, pattern) => (pattern === null ? `${tool} (כל הפעלה)` : `${tool}: ${pattern}`),
  decidedByRule: (decision, rule) =>
    decision === 'allow' ? `אושר לפי הכלל ${rule}` : `נדחה לפי הכלל ${rule}`,
  revokeRule: 'ביטול',
  revokeRuleNamed: (rule) => `ביטול הכלל ${rule}`,
  ruleRevoked: 'הכלל בוטל',
  approvalRules: 'כללי אישור',
  rulesHeading: 'כללים',
  rulesEmpty: 'אין עדיין כללים. בחרו „לאשר תמיד” בבקשה כדי להוסיף כלל.',
  logHeading: 'החלטות',
  logEmpty: 'אין עדיין החלטות',
  exportLog: 'ייצוא היומן (JSON)',
  ruleColumns: {
    tool: 'כלי',
    pattern: 'תבנית',
    behavior: 'פעולה',
    scope: 'תוקף',
    added: 'נוסף',
    uses: 'שימושים',
  },
  logColumns: {
    time: 'זמן',
    tool: 'כלי',
    arguments: 'ארגומנטים',
    decision: 'החלטה',
    decidedBy: 'הוחלט על ידי',
  },
  anyInvocation: 'כל הפעלה',
  ruleScope: { once: 'פעם אחת', session: 'הסשן הזה', always: 'תמיד' },
  ruleBehavior: { allow: 'לאשר', deny: 'לדחות', ask: 'לשאול', passthrough: 'להעביר' },
  approvalDecision: { allow: 'אושר', deny: 'נדחה' },
  decidedBy: (by, rule) => (by === 'user' ? 'את/ה' : rule === null ? 'כלל' : `הכלל ${rule}`),
  timesUsed: (n) =>
    n === 0 ? 'עדיין לא' : plural(n, { one: 'פעם אחת', two: 'פעמיים', other: '# פעמים' }),
  olderDecisions: (n) =>
    plural(n, {
      one: 'החלטה קודמת אחת',
      two: 'שתי החלטות קודמות',
      other: '# החלטות קודמות',
    }),
  policyProblems: (n) =>
    `${plural(n, { one: 'בעיה אחת', two: 'שתי בעיות', other: '# בעיות' })} בכללים או באחסון שלהם`,
  // Chat
  composerLabel: 'הודעה',
  composerPlaceholder: 'שליחת הודעה…',
  send: 'שליחה',
  stop: 'עצירה',
  composerAwaitingConfirmation: 'קודם צריך להשיב לבקשת האישור שלמעלה',
  sendFailed: 'ההודעה לא נשלחה. אפשר לנסות שוב.',
  attachFiles: 'צירוף קבצים',
  attachments: 'קבצים מצורפים',
  dropFiles: 'אפשר לשחרר כאן קבצים כדי לצרף אותם',
  removeAttachment: (name) => `הסרת ${name}`,
  attachmentTooLarge: (name, limit) => `${name} גדול מ־${limit}`,
  attachmentTypeRejected: (name) => `${name}: אי אפשר לצרף קבצים מהסוג הזה`,
  tooManyAttachments: (max) =>
    `אפשר לצרף לכל היותר ${plural(max, { one: 'קובץ אחד', two: 'שני קבצים', other: '# קבצים' })}`,
  branches: 'גרסאות',
  previousBranch: 'הגרסה הקודמת',
  nextBranch: 'הגרסה הבאה',
  branchCounter: (position, total) => `${number(position)} / ${number(total)}`,
  branchPosition: (position, total) => `גרסה ${number(position)} מתוך ${number(total)}`,
  subagentRun: (name, n) => `סוכן משנה${name === null ? '' : ` ${name}`}: ${plural(n, messages)}`,
  messageActions: 'פעולות על ההודעה',
  copyFailed: 'ההעתקה נכשלה',
  retry: 'ניסיון חוזר',
  edit: 'עריכה',
  editMessage: 'עריכת ההודעה',
  save: 'שמירה',
  cancel: 'ביטול',
  goodResponse: 'תשובה טובה',
  badResponse: 'תשובה לא טובה',
  // Protocol views
  dataPart: (name) => `נתונים: ${name}`,
  dataPartFailed: (name) => `לא ניתן היה להציג את התצוגה ${name}; במקומה מוצגים הנתונים שלה.`,
  interruptTitle: 'הסוכן צריך תשובה ממך',
  interruptSubmit: 'שליחה',
  interruptCancel: 'ביטול',
  interruptRequired: 'חובה',
  interruptJsonAnswer: 'תשובה (JSON)',
  interruptInvalidJson: 'זה לא JSON תקין',
  interruptNoChoice: '—',
  interruptInvalidNumber: 'יש להזין מספר',
  interruptSending: 'שולח…',
  interruptSent: 'התשובה נשלחה',
  interruptFailed: 'לא ניתן היה לשלוח את התשובה. אפשר לנסות שוב.',
  // Messages and blocks
  roles: { user: 'את/ה', assistant: 'העוזר', system: 'מערכת', tool: 'כלי' },
  replyStatus: {
    streaming: 'עונה…',
    'awaiting-confirmation': 'ממתין לאישור שלך',
    'awaiting-external': 'ממתין לכלי חיצוני',
    done: 'הסתיים',
    error: 'נכשל',
    interrupted: 'הופסק',
    exceeded: 'נעצר: יותר מדי שלבים',
  },
  finishedReason: {
    completed: 'הושלם',
    interrupted: 'הופסק על ידי המשתמש',
    exceed_max_iters: 'נעצר לאחר שהגיע למספר השלבים המרבי',
    error: 'נכשל',
  },
  toolCallState: {
    pending: 'בהמתנה',
    asking: 'דרוש אישור',
    allowed: 'אושר',
    submitted: 'פועל באופן חיצוני',
    finished: 'הסתיים',
  },
  toolResultState: {
    running: 'פועל',
    success: 'הצליח',
    error: 'נכשל',
    interrupted: 'הופסק',
    denied: 'נדחה',
  },
  media: { image: 'תמונה', audio: 'שמע', video: 'וידאו', document: 'מסמך', file: 'קובץ' },
  thinking: 'חושב…',
  thoughtFor: (seconds) => `חשב במשך ${formats.duration(seconds)}`,
  redactedThinking: 'הספק הסתיר את תהליך החשיבה',
  reasoning: 'מחשבות',
  copy: 'העתקה',
  copied: 'הועתק',
  showRaw: 'הצגת הנתונים הגולמיים',
  showAll: (count) => `הצגת הכול (${plural(count, characters)})`,
  showLess: 'הצגת פחות',
  blockFailed: (type) => `לא ניתן היה להציג את הבלוק הזה (${type}).`,
  unsupportedContent: (type) => `תוכן שאינו נתמך: ${type}`,
  arguments: 'ארגומנטים',
  result: 'תוצאה',
  remoteTool: 'פועל באפליקציה שלך',
  noArguments: 'אין ארגומנטים',
  argumentsInPrompt: 'מוצגים בבקשת האישור שלמטה',
  invalidArguments: 'לא JSON תקין: מוצג כפי שהתקבל',
  noOutput: 'אין פלט',
  systemReminder: 'הערת מערכת',
  hiddenCharacter: (codePoint) => `תו מוסתר ${codePoint} (לא מועתק)`,
  hiddenCharacters: 'מכיל תווים מוסתרים, שמוצגים כ־[U+…] ומושמטים בהעתקה.',
  outputCapped: (shown, total) =>
    `מוצגים ${plural(shown, characters)} הראשונים מתוך ${number(total)}`,
  showMore: (n) => `הצגת ${number(n)} נוספים`,
  jsonEntries: (n) => plural(n, { one: 'פריט אחד', two: 'שני פריטים', other: '# פריטים' }),
  elapsed: formats.elapsed,
  startedAt: (date) => `התחיל ב־${formats.date(date)}`,
  tokens: (input, output) => `קלט: ${plural(input, tokens)} · פלט: ${plural(output, tokens)}`,
  cacheTokens: (n) => `מהמטמון: ${plural(n, tokens)}`,
  cost: formats.cost,
  loadMedia: (host) => `טעינה מ־${host}`,
  blockedUrl: 'קישור חסום',
  unresolvedMedia: (name) => `${name} (לא זמין)`,
  mediaLoading: 'טוען…',
  mediaBlocked: (reason) => `נחסם: ${reason}`,
  mediaFailed: (name) => `לא ניתן היה לטעון את ${name}`,
  downloadFile: (name) => `הורדת ${name}`,
  viewImage: (alt) => `פתיחת התמונה: ${alt}`,
  documentPreview: (name) => `תצוגה מקדימה של ${name}`,
  openDocument: (host) => `פתיחה ב־${host}`,
  pageList: (pages) =>
    `${pages.length === 1 ? 'עמוד' : 'עמודים'} ${pages.map((page) => number(page)).join(', ')}`,
  download: 'הורדה',
  openImage: 'פתיחת התמונה',
  close: 'סגירה',
  transcript: 'תמלול',
  pages: (n) => plural(n, { one: 'עמוד אחד', two: 'שני עמודים', other: '# עמודים' }),
  sources: 'מקורות',
  citation: (index) => `מקור ${number(index)}`,
  citationPage: (page) => `עמוד ${number(page)}`,
  opensInNewTab: '(נפתח בכרטיסייה חדשה)',
  linksTo: (host) => `מקשר אל ${host}`,
  thisSite: 'האתר הזה',
  blockedImage: 'תמונה חסומה',
  taskDone: 'בוצע',
  taskOpen: 'לא בוצע',
  footnotes: 'הערות שוליים',
  backToReference: (index) => `חזרה להפניה ${number(index)}`,
  allow: 'אישור',
  alwaysAllow: (tool, rule) => `לאשר תמיד את ${tool}${rule === null ? ' (כל הפעלה)' : `: ${rule}`}`,
  deny: 'דחייה',
  allowAll: 'אישור הכול',
  denyAll: 'דחיית הכול',
  confirmationTitle: (n) =>
    plural(n, {
      one: 'הסוכן רוצה להפעיל כלי',
      two: 'הסוכן רוצה להפעיל שני כלים',
      other: 'הסוכן רוצה להפעיל # כלים',
    }),
  sending: 'שולח…',
  decisionFailed: 'לא ניתן היה לשלוח את ההחלטה שלך. אפשר לנסות שוב.',
  decisionSent: (confirmed) => (confirmed ? 'אושר. ממתין לסוכן…' : 'נדחה. ממתין לסוכן…'),
  duplicateKeys:
    'הארגומנטים האלה חוזרים על מפתח, וכלים עשויים לקרוא כל אחד מהערכים: מוצגים בדיוק כפי שנשלחו.',
  reviewArguments: 'הארגומנטים האלה ארוכים: יש להציג את כולם לפני אישור הקריאה.',
  confirmationArming: 'יהיה זמין בעוד רגע',
  error: 'שגיאה',
  hint: 'הערה',
  contextCompacted: (count) =>
    count === null ? 'ההקשר נדחס' : `ההקשר נדחס — סוכמו ${plural(count, tokens)}`,
  branchSummary: (label) => (label === null ? 'סיכום הענף' : `סיכום הענף: ${label}`),
  dismiss: 'סגירה',
  listLabel: 'שיחה',
  listEmpty: 'אין עדיין הודעות',
  listLoading: 'טוען…',
  listLoadingOlder: 'טוען הודעות קודמות…',
  replyPending: (name) => `${name} חושב…`,
  jumpToLatest: 'מעבר לאחרונה',
  newMessages: (n) =>
    plural(n, { one: 'הודעה חדשה אחת', two: 'שתי הודעות חדשות', other: '# הודעות חדשות' }),
  textFinished: (name, excerpt) => `${name}: ${excerpt}`,
  replyEnded: (name, status) =>
    ({
      done: `${name} סיים לענות`,
      error: 'התשובה נכשלה',
      interrupted: 'התשובה הופסקה',
      exceeded: 'התשובה נעצרה: יותר מדי שלבים',
    })[status],
  toolEnded: (name, state) =>
    ({
      running: `הכלי ${name} פועל`,
      success: `הכלי ${name} הסתיים`,
      error: `הכלי ${name} נכשל`,
      interrupted: `הכלי ${name} הופסק`,
      denied: `הכלי ${name} נדחה`,
    })[state],
  approvalNeeded: (name) => `דרוש אישור: הכלי ${name}`,
  // Activities
  activity: (type) => `פעילות: ${type}`,
  activityFailed: (type) => `התצוגה ${type} נכשלה; התוכן שלה מוצג במקומה.`,
  a2uiLoading: 'טוען את הממשק…',
  a2uiMissing: 'לא הוגדר מציג A2UI לממשק הזה; התוכן שלו מוצג במקומו.',
  a2uiFailed: 'לא ניתן היה להציג את הממשק הזה; התוכן שלו מוצג במקומו.',
  // MCP Apps
  mcpAppTitle: (name) => `אפליקציה: ${name}`,
  mcpAppLoading: 'טוען את האפליקציה…',
  mcpAppFailed: 'לא ניתן היה לטעון את האפליקציה.',
  mcpAppTimeout: 'האפליקציה לא הופעלה.',
  mcpAppBlocked: 'נחסם: האפליקציה שלחה יותר מדי הודעות.',
  relativeTime: formats.relativeTime,
  absoluteTime: formats.absoluteTime,
} satisfies Labels;

/** The locale the Hebrew labels are written for: give it to `AgentMessagesProvider` with them. */
export const locale = 'he';

/** The text direction of Hebrew: put `dir="rtl"` on the app's root element. */
export const direction = 'rtl';

/** Every string the components show, in Hebrew (plurals and numbers through `Intl` for `he`). */
export const labels: Labels = he;
