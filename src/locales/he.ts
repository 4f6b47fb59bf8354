import type { Labels } from '../components/labels.js';
import type { PluralForms } from '../components/locale-formats.js';
import { createPackLabels } from './pack-labels.js';
import words from './he.json' with { type: 'json' };

/** The locale the Hebrew labels are written for: give it to `AgentMessagesProvider` with them. */
export const locale = 'he';

/** The text direction of Hebrew: put `dir="rtl"` on the app's root element. */
export const direction = 'rtl';

// Hebrew counts take three forms (`Intl.PluralRules('he')`): one, two (a dual where the noun has
// one: "פעמיים", or "שתי"/"שני" before it) and other.
const characters: PluralForms = { one: 'תו אחד', two: 'שני תווים', other: '# תווים' };
const tokens: PluralForms = { one: 'טוקן אחד', two: 'שני טוקנים', other: '# טוקנים' };
const messages: PluralForms = { one: 'הודעה אחת', two: 'שתי הודעות', other: '# הודעות' };

/** Every string the components show, in Hebrew (plurals and numbers through `Intl` for `he`). */
export const labels: Labels = createPackLabels(locale, ({ number, plural, ...formats }) => ({
  ...words,
  // Approval rules
  ruleText: (tool, pattern) => (pattern === null ? `${tool} (כל הפעלה)` : `${tool}: ${pattern}`),
  decidedByRule: (decision, rule) =>
    decision === 'allow' ? `אושר לפי הכלל ${rule}` : `נדחה לפי הכלל ${rule}`,
  revokeRuleNamed: (rule) => `ביטול הכלל ${rule}`,
  decidedBy: (by, rule) => (by === 'user' ? 'את/ה' : rule === null ? 'כלל' : `הכלל ${rule}`),
  timesUsed: (n) =>
    n === 0 ? 'עדיין לא' : plural(n, { one: 'פעם אחת', two: 'פעמיים', other: '# פעמים' }),
  policyProblems: (n) =>
    `${plural(n, { one: 'בעיה אחת', two: 'שתי בעיות', other: '# בעיות' })} בכללים או באחסון שלהם`,
  // Chat
  queuedMessage: (position) => `הודעה בתור ${number(position)}`,
  removeAttachment: (name) => `הסרת ${name}`,
  attachmentTooLarge: (name, limit) => `${name} גדול מ־${limit}`,
  attachmentTypeRejected: (name) => `${name}: אי אפשר לצרף קבצים מהסוג הזה`,
  tooManyAttachments: (max) =>
    `אפשר לצרף לכל היותר ${plural(max, { one: 'קובץ אחד', two: 'שני קבצים', other: '# קבצים' })}`,
  branchCounter: (position, total) => `${number(position)} / ${number(total)}`,
  branchPosition: (position, total) => `גרסה ${number(position)} מתוך ${number(total)}`,
  subagentRun: (name, n) => `סוכן משנה${name === null ? '' : ` ${name}`}: ${plural(n, messages)}`,
  // Protocol views
  dataPart: (name) => `נתונים: ${name}`,
  dataPartFailed: (name) => `לא ניתן היה להציג את התצוגה ${name}; במקומה מוצגים הנתונים שלה.`,
  // Messages and blocks
  thoughtFor: (seconds) => `חשב במשך ${formats.duration(seconds)}`,
  showAll: (count) => `הצגת הכול (${plural(count, characters)})`,
  blockFailed: (type) => `לא ניתן היה להציג את הבלוק הזה (${type}).`,
  unsupportedContent: (type) => `תוכן שאינו נתמך: ${type}`,
  hiddenCharacter: (codePoint) => `תו מוסתר ${codePoint} (לא מועתק)`,
  outputCapped: (shown, total) =>
    `מוצגים ${plural(shown, characters)} הראשונים מתוך ${number(total)}`,
  showMore: (n) => `הצגת ${number(n)} נוספים`,
  startedAt: (date) => `התחיל ב־${formats.date(date)}`,
  tokens: (input, output) => `קלט: ${plural(input, tokens)} · פלט: ${plural(output, tokens)}`,
  cacheTokens: (n) => `מהמטמון: ${plural(n, tokens)}`,
  loadMedia: (host) => `טעינה מ־${host}`,
  unresolvedMedia: (name) => `${name} (לא זמין)`,
  mediaBlocked: (reason) => `נחסם: ${reason}`,
  mediaFailed: (name) => `לא ניתן היה לטעון את ${name}`,
  downloadFile: (name) => `הורדת ${name}`,
  viewImage: (alt) => `פתיחת התמונה: ${alt}`,
  documentPreview: (name) => `תצוגה מקדימה של ${name}`,
  openDocument: (host) => `פתיחה ב־${host}`,
  pageList: (pages) =>
    `${pages.length === 1 ? 'עמוד' : 'עמודים'} ${pages.map((page) => number(page)).join(', ')}`,
  citation: (index) => `מקור ${number(index)}`,
  citationPage: (page) => `עמוד ${number(page)}`,
  linksTo: (host) => `מקשר אל ${host}`,
  backToReference: (index) => `חזרה להפניה ${number(index)}`,
  alwaysAllow: (tool, rule) => `לאשר תמיד את ${tool}${rule === null ? ' (כל הפעלה)' : `: ${rule}`}`,
  decisionSent: (confirmed) => (confirmed ? 'אושר. ממתין לסוכן…' : 'נדחה. ממתין לסוכן…'),
  contextCompacted: (count) =>
    count === null ? 'ההקשר נדחס' : `ההקשר נדחס — סוכמו ${plural(count, tokens)}`,
  branchSummary: (label) => (label === null ? 'סיכום הענף' : `סיכום הענף: ${label}`),
  replyPending: (name) => `${name} חושב…`,
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
  // MCP Apps
  mcpAppTitle: (name) => `אפליקציה: ${name}`,
}));
