import type { Labels } from '../components/labels.js';
import type { PluralForms } from '../components/locale-formats.js';
import { createPackLabels } from './pack-labels.js';
import words from './ar.json' with { type: 'json' };

/** The locale the Arabic labels are written for: give it to `AgentMessagesProvider` with them. */
export const locale = 'ar';

/** The text direction of Arabic: put `dir="rtl"` on the app's root element. */
export const direction = 'rtl';

// Arabic counts take six forms (`Intl.PluralRules('ar')`): zero, one and two (where the noun says
// the number itself: "رسالة واحدة", "رسالتان"), few (3–10, a plural noun), many (11–99, a
// singular noun in the accusative) and other (100 and up, a singular noun).
const characters: PluralForms = {
  zero: '# حرف',
  one: 'حرف واحد',
  two: 'حرفان',
  few: '# أحرف',
  many: '# حرفًا',
  other: '# حرف',
};
const tokens: PluralForms = {
  zero: '# رمز',
  one: 'رمز واحد',
  two: 'رمزان',
  few: '# رموز',
  many: '# رمزًا',
  other: '# رمز',
};
const messages: PluralForms = {
  zero: 'لا رسائل',
  one: 'رسالة واحدة',
  two: 'رسالتان',
  few: '# رسائل',
  many: '# رسالةً',
  other: '# رسالة',
};

/** Every string the components show, in Arabic (all six plural forms through `Intl.PluralRules`). */
export const labels: Labels = createPackLabels(locale, ({ number, plural, ...formats }) => ({
  ...words,
  // Approval rules
  ruleText: (tool, pattern) => (pattern === null ? `${tool} (أي استدعاء)` : `${tool}: ${pattern}`),
  decidedByRule: (decision, rule) =>
    decision === 'allow' ? `سُمح به بموجب القاعدة ${rule}` : `رُفض بموجب القاعدة ${rule}`,
  revokeRuleNamed: (rule) => `إلغاء القاعدة ${rule}`,
  decidedBy: (by, rule) => (by === 'user' ? 'أنت' : rule === null ? 'قاعدة' : `القاعدة ${rule}`),
  policyProblems: (n) =>
    `${plural(n, {
      zero: 'لا مشكلات',
      one: 'مشكلة واحدة',
      two: 'مشكلتان',
      few: '# مشكلات',
      many: '# مشكلةً',
      other: '# مشكلة',
    })} في القواعد أو في تخزينها`,
  // Chat
  queuedMessage: (position) => `رسالة في الانتظار ${number(position)}`,
  removeAttachment: (name) => `إزالة ${name}`,
  attachmentTooLarge: (name, limit) => `حجم ${name} أكبر من ${limit}`,
  attachmentTypeRejected: (name) => `${name}: لا يمكن إرفاق هذا النوع من الملفات`,
  tooManyAttachments: (max) =>
    `يمكنك إرفاق ${plural(max, {
      zero: '# ملف',
      one: 'ملف واحد',
      two: 'ملفين',
      few: '# ملفات',
      many: '# ملفًا',
      other: '# ملف',
    })} على الأكثر`,
  branchCounter: (position, total) => `${number(position)} / ${number(total)}`,
  branchPosition: (position, total) => `الإصدار ${number(position)} من ${number(total)}`,
  subagentRun: (name, n) =>
    `الوكيل الفرعي${name === null ? '' : ` ${name}`}: ${plural(n, messages)}`,
  // Protocol views
  dataPart: (name) => `بيانات: ${name}`,
  dataPartFailed: (name) => `تعذّر عرض ${name}؛ تُعرض بياناته بدلًا منه.`,
  // Messages and blocks
  thoughtFor: (seconds) => `فكّر لمدة ${formats.duration(seconds)}`,
  showAll: (count) => `عرض الكل (${plural(count, characters)})`,
  blockFailed: (type) => `تعذّر عرض هذه الكتلة (${type}).`,
  unsupportedContent: (type) => `محتوى غير مدعوم: ${type}`,
  hiddenCharacter: (codePoint) => `حرف مخفي ${codePoint} (لا يُنسخ)`,
  outputCapped: (shown, total) => `يُعرض أول ${plural(shown, characters)} من أصل ${number(total)}`,
  showMore: (n) => `عرض المزيد (${number(n)})`,
  startedAt: (date) => `بدأ في ${formats.date(date)}`,
  tokens: (input, output) =>
    `الإدخال: ${plural(input, tokens)} · الإخراج: ${plural(output, tokens)}`,
  cacheTokens: (n) => `مخزّنة مؤقتًا: ${plural(n, tokens)}`,
  loadMedia: (host) => `تحميل من ${host}`,
  unresolvedMedia: (name) => `${name} (غير متاح)`,
  mediaBlocked: (reason) => `محظور: ${reason}`,
  mediaFailed: (name) => `تعذّر تحميل ${name}`,
  downloadFile: (name) => `تنزيل ${name}`,
  viewImage: (alt) => `فتح الصورة: ${alt}`,
  documentPreview: (name) => `معاينة ${name}`,
  openDocument: (host) => `فتح على ${host}`,
  pageList: (pages) =>
    `${pages.length === 1 ? 'الصفحة' : 'الصفحات'} ${pages.map((page) => number(page)).join('، ')}`,
  citation: (index) => `المصدر ${number(index)}`,
  citationPage: (page) => `الصفحة ${number(page)}`,
  linksTo: (host) => `يؤدي إلى ${host}`,
  backToReference: (index) => `العودة إلى الإحالة ${number(index)}`,
  alwaysAllow: (tool, rule) =>
    `السماح دائمًا بـ ${tool}${rule === null ? ' (أي استدعاء)' : `: ${rule}`}`,
  decisionSent: (confirmed) =>
    confirmed ? 'تم السماح. في انتظار الوكيل…' : 'تم الرفض. في انتظار الوكيل…',
  contextCompacted: (count) =>
    count === null ? 'ضُغط السياق' : `ضُغط السياق — لُخّص ${plural(count, tokens)}`,
  branchSummary: (label) => (label === null ? 'ملخص الفرع' : `ملخص الفرع: ${label}`),
  replyPending: (name) => `${name} يفكّر…`,
  textFinished: (name, excerpt) => `${name}: ${excerpt}`,
  replyEnded: (name, status) =>
    ({
      done: `أنهى ${name} الرد`,
      error: 'فشل الرد',
      interrupted: 'توقّف الرد',
      exceeded: 'توقّف الرد: خطوات كثيرة جدًا',
    })[status],
  toolEnded: (name, state) =>
    ({
      running: `الأداة ${name} قيد التشغيل`,
      success: `انتهت الأداة ${name}`,
      error: `فشلت الأداة ${name}`,
      interrupted: `توقّفت الأداة ${name}`,
      denied: `رُفضت الأداة ${name}`,
    })[state],
  approvalNeeded: (name) => `مطلوب موافقة: الأداة ${name}`,
  // Activities
  activity: (type) => `نشاط: ${type}`,
  activityFailed: (type) => `تعذّر عرض ${type}؛ يُعرض محتواه بدلًا من ذلك.`,
  // MCP Apps
  mcpAppTitle: (name) => `تطبيق: ${name}`,
}));
