import type { Labels } from '../components/labels.js';
import type { PluralForms } from '../components/locale-formats.js';
import { createLocaleFormats } from '../components/locale-formats.js';

const { number, plural, ...formats } = createLocaleFormats('ar');

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

const ar = {
  // Approval rules
  ruleText: (tool, pattern) => (pattern === null ? `${tool} (أي استدعاء)` : `${tool}: ${pattern}`),
  decidedByRule: (decision, rule) =>
    decision === 'allow' ? `سُمح به بموجب القاعدة ${rule}` : `رُفض بموجب القاعدة ${rule}`,
  revokeRule: 'إلغاء',
  revokeRuleNamed: (rule) => `إلغاء القاعدة ${rule}`,
  ruleRevoked: 'أُلغيت القاعدة',
  approvalRules: 'قواعد الموافقة',
  rulesHeading: 'القواعد',
  rulesEmpty: 'لا توجد قواعد بعد. اختر «السماح دائمًا» في أحد الطلبات لإضافة قاعدة.',
  logHeading: 'القرارات',
  logEmpty: 'لا توجد قرارات بعد',
  exportLog: 'تصدير السجل (JSON)',
  ruleColumns: {
    tool: 'الأداة',
    pattern: 'النمط',
    behavior: 'الإجراء',
    scope: 'المدة',
    added: 'أُضيفت',
    uses: 'الاستخدام',
  },
  logColumns: {
    time: 'الوقت',
    tool: 'الأداة',
    arguments: 'الوسائط',
    decision: 'القرار',
    decidedBy: 'صاحب القرار',
  },
  anyInvocation: 'أي استدعاء',
  ruleScope: { once: 'مرة واحدة', session: 'هذه الجلسة', always: 'دائمًا' },
  ruleBehavior: { allow: 'السماح', deny: 'الرفض', ask: 'السؤال', passthrough: 'التمرير' },
  approvalDecision: { allow: 'مسموح', deny: 'مرفوض' },
  decidedBy: (by, rule) => (by === 'user' ? 'أنت' : rule === null ? 'قاعدة' : `القاعدة ${rule}`),
  timesUsed: (n) =>
    n === 0
      ? 'لم تُستخدم بعد'
      : plural(n, {
          one: 'مرة واحدة',
          two: 'مرتان',
          few: '# مرات',
          many: '# مرةً',
          other: '# مرة',
        }),
  olderDecisions: (n) =>
    plural(n, {
      zero: 'لا قرارات أقدم',
      one: 'قرار أقدم واحد',
      two: 'قراران أقدم',
      few: '# قرارات أقدم',
      many: '# قرارًا أقدم',
      other: '# قرار أقدم',
    }),
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
  composerLabel: 'الرسالة',
  composerPlaceholder: 'اكتب رسالة…',
  send: 'إرسال',
  stop: 'إيقاف',
  composerAwaitingConfirmation: 'أجب أولًا عن طلب الموافقة في الأعلى',
  sendFailed: 'لم تُرسل رسالتك. حاول مرة أخرى.',
  attachFiles: 'إرفاق ملفات',
  attachments: 'المرفقات',
  dropFiles: 'أفلت الملفات هنا لإرفاقها',
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
  branches: 'الإصدارات',
  previousBranch: 'الإصدار السابق',
  nextBranch: 'الإصدار التالي',
  branchCounter: (position, total) => `${number(position)} / ${number(total)}`,
  branchPosition: (position, total) => `الإصدار ${number(position)} من ${number(total)}`,
  subagentRun: (name, n) =>
    `الوكيل الفرعي${name === null ? '' : ` ${name}`}: ${plural(n, messages)}`,
  messageActions: 'إجراءات الرسالة',
  copyFailed: 'تعذّر النسخ',
  retry: 'إعادة المحاولة',
  edit: 'تعديل',
  editMessage: 'تعديل الرسالة',
  save: 'حفظ',
  cancel: 'إلغاء',
  goodResponse: 'إجابة جيدة',
  badResponse: 'إجابة سيئة',
  // Protocol views
  dataPart: (name) => `بيانات: ${name}`,
  dataPartFailed: (name) => `تعذّر عرض ${name}؛ تُعرض بياناته بدلًا منه.`,
  interruptTitle: 'يحتاج الوكيل إلى ردّك',
  interruptSubmit: 'إرسال',
  interruptCancel: 'إلغاء',
  interruptRequired: 'مطلوب',
  interruptJsonAnswer: 'الإجابة (JSON)',
  interruptInvalidJson: 'ليس JSON صالحًا',
  interruptNoChoice: '—',
  interruptInvalidNumber: 'أدخل رقمًا',
  interruptSending: 'جارٍ الإرسال…',
  interruptSent: 'أُرسلت الإجابة',
  interruptFailed: 'تعذّر إرسال الإجابة. حاول مرة أخرى.',
  // Messages and blocks
  roles: { user: 'أنت', assistant: 'المساعد', system: 'النظام', tool: 'أداة' },
  replyStatus: {
    streaming: 'جارٍ الرد…',
    'awaiting-confirmation': 'في انتظار موافقتك',
    'awaiting-external': 'في انتظار أداة خارجية',
    done: 'تم',
    error: 'فشل',
    interrupted: 'توقّف',
    exceeded: 'توقّف: خطوات كثيرة جدًا',
  },
  finishedReason: {
    completed: 'اكتمل',
    interrupted: 'أوقفه المستخدم',
    exceed_max_iters: 'توقّف بعد بلوغ الحد الأقصى لعدد الخطوات',
    error: 'فشل',
  },
  toolCallState: {
    pending: 'قيد الانتظار',
    asking: 'يحتاج إلى موافقة',
    allowed: 'مسموح',
    submitted: 'يعمل خارجيًا',
    finished: 'انتهى',
  },
  toolResultState: {
    running: 'قيد التشغيل',
    success: 'نجح',
    error: 'فشل',
    interrupted: 'توقّف',
    denied: 'مرفوض',
  },
  media: { image: 'صورة', audio: 'صوت', video: 'فيديو', document: 'مستند', file: 'ملف' },
  thinking: 'جارٍ التفكير…',
  thoughtFor: (seconds) => `فكّر لمدة ${formats.duration(seconds)}`,
  redactedThinking: 'أخفى المزوّد خطوات التفكير',
  reasoning: 'الأفكار',
  copy: 'نسخ',
  copied: 'تم النسخ',
  showRaw: 'عرض البيانات الخام',
  showAll: (count) => `عرض الكل (${plural(count, characters)})`,
  showLess: 'عرض أقل',
  blockFailed: (type) => `تعذّر عرض هذه الكتلة (${type}).`,
  unsupportedContent: (type) => `محتوى غير مدعوم: ${type}`,
  arguments: 'الوسائط',
  result: 'النتيجة',
  remoteTool: 'تعمل في تطبيقك',
  noArguments: 'بلا وسائط',
  argumentsInPrompt: 'معروضة في طلب الموافقة أدناه',
  invalidArguments: 'ليست JSON صالحًا: معروضة كما وصلت',
  noOutput: 'لا مخرجات',
  systemReminder: 'ملاحظة من النظام',
  hiddenCharacter: (codePoint) => `حرف مخفي ${codePoint} (لا يُنسخ)`,
  hiddenCharacters: 'يحتوي على أحرف مخفية، تظهر بالشكل [U+…] وتُحذف عند النسخ.',
  outputCapped: (shown, total) => `يُعرض أول ${plural(shown, characters)} من أصل ${number(total)}`,
  showMore: (n) => `عرض المزيد (${number(n)})`,
  jsonEntries: (n) =>
    plural(n, {
      zero: '# عنصر',
      one: 'عنصر واحد',
      two: 'عنصران',
      few: '# عناصر',
      many: '# عنصرًا',
      other: '# عنصر',
    }),
  elapsed: formats.elapsed,
  startedAt: (date) => `بدأ في ${formats.date(date)}`,
  tokens: (input, output) =>
    `الإدخال: ${plural(input, tokens)} · الإخراج: ${plural(output, tokens)}`,
  cacheTokens: (n) => `مخزّنة مؤقتًا: ${plural(n, tokens)}`,
  cost: formats.cost,
  loadMedia: (host) => `تحميل من ${host}`,
  blockedUrl: 'رابط محظور',
  unresolvedMedia: (name) => `${name} (غير متاح)`,
  mediaLoading: 'جارٍ التحميل…',
  mediaBlocked: (reason) => `محظور: ${reason}`,
  mediaFailed: (name) => `تعذّر تحميل ${name}`,
  downloadFile: (name) => `تنزيل ${name}`,
  viewImage: (alt) => `فتح الصورة: ${alt}`,
  documentPreview: (name) => `معاينة ${name}`,
  openDocument: (host) => `فتح على ${host}`,
  pageList: (pages) =>
    `${pages.length === 1 ? 'الصفحة' : 'الصفحات'} ${pages.map((page) => number(page)).join('، ')}`,
  download: 'تنزيل',
  openImage: 'فتح الصورة',
  close: 'إغلاق',
  transcript: 'النص المكتوب',
  pages: (n) =>
    plural(n, {
      zero: '# صفحة',
      one: 'صفحة واحدة',
      two: 'صفحتان',
      few: '# صفحات',
      many: '# صفحةً',
      other: '# صفحة',
    }),
  sources: 'المصادر',
  citation: (index) => `المصدر ${number(index)}`,
  citationPage: (page) => `الصفحة ${number(page)}`,
  opensInNewTab: '(يُفتح في علامة تبويب جديدة)',
  linksTo: (host) => `يؤدي إلى ${host}`,
  thisSite: 'هذا الموقع',
  blockedImage: 'صورة محظورة',
  taskDone: 'منجزة',
  taskOpen: 'غير منجزة',
  footnotes: 'الحواشي',
  backToReference: (index) => `العودة إلى الإحالة ${number(index)}`,
  allow: 'السماح',
  alwaysAllow: (tool, rule) =>
    `السماح دائمًا بـ ${tool}${rule === null ? ' (أي استدعاء)' : `: ${rule}`}`,
  deny: 'الرفض',
  allowAll: 'السماح للكل',
  denyAll: 'رفض الكل',
  confirmationTitle: (n) =>
    plural(n, {
      zero: 'يريد الوكيل تشغيل أداة',
      one: 'يريد الوكيل تشغيل أداة',
      two: 'يريد الوكيل تشغيل أداتين',
      few: 'يريد الوكيل تشغيل # أدوات',
      many: 'يريد الوكيل تشغيل # أداةً',
      other: 'يريد الوكيل تشغيل # أداة',
    }),
  sending: 'جارٍ الإرسال…',
  decisionFailed: 'تعذّر إرسال قرارك. حاول مرة أخرى.',
  decisionSent: (confirmed) =>
    confirmed ? 'تم السماح. في انتظار الوكيل…' : 'تم الرفض. في انتظار الوكيل…',
  duplicateKeys:
    'تكرّر هذه الوسائط مفتاحًا، وقد تقرأ الأدوات أيًّا من القيمتين: معروضة تمامًا كما أُرسلت.',
  reviewArguments: 'هذه الوسائط طويلة: اعرضها كاملة قبل السماح بالاستدعاء.',
  confirmationArming: 'متاح بعد لحظة',
  error: 'خطأ',
  hint: 'ملاحظة',
  contextCompacted: (count) =>
    count === null ? 'ضُغط السياق' : `ضُغط السياق — لُخّص ${plural(count, tokens)}`,
  branchSummary: (label) => (label === null ? 'ملخص الفرع' : `ملخص الفرع: ${label}`),
  dismiss: 'إغلاق',
  listLabel: 'المحادثة',
  listEmpty: 'لا توجد رسائل بعد',
  listLoading: 'جارٍ التحميل…',
  listLoadingOlder: 'جارٍ تحميل الرسائل الأقدم…',
  replyPending: (name) => `${name} يفكّر…`,
  jumpToLatest: 'الانتقال إلى الأحدث',
  newMessages: (n) =>
    plural(n, {
      zero: 'لا رسائل جديدة',
      one: 'رسالة جديدة واحدة',
      two: 'رسالتان جديدتان',
      few: '# رسائل جديدة',
      many: '# رسالةً جديدةً',
      other: '# رسالة جديدة',
    }),
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
  a2uiLoading: 'جارٍ تحميل الواجهة…',
  a2uiMissing: 'لم يُضبط عارض A2UI لهذه الواجهة؛ يُعرض محتواها بدلًا من ذلك.',
  a2uiFailed: 'تعذّر عرض هذه الواجهة؛ يُعرض محتواها بدلًا من ذلك.',
  // MCP Apps
  mcpAppTitle: (name) => `تطبيق: ${name}`,
  mcpAppLoading: 'جارٍ تحميل التطبيق…',
  mcpAppFailed: 'تعذّر تحميل التطبيق.',
  mcpAppTimeout: 'لم يبدأ التطبيق.',
  mcpAppBlocked: 'محظور: أرسل التطبيق رسائل كثيرة جدًا.',
  relativeTime: formats.relativeTime,
  absoluteTime: formats.absoluteTime,
} satisfies Labels;

/** The locale the Arabic labels are written for: give it to `AgentMessagesProvider` with them. */
export const locale = 'ar';

/** The text direction of Arabic: put `dir="rtl"` on the app's root element. */
export const direction = 'rtl';

/** Every string the components show, in Arabic (all six plural forms through `Intl.PluralRules`). */
export const labels: Labels = ar;
