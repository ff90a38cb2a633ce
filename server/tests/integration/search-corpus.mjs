// The Thai test corpus of search.test.mjs (issue 31): hand-written items whose words the tests ask about —
// compounds ICU keeps whole (รับมือ, คู่มือ) beside ones it splits (มือถือ → มือ|ถือ, ลูกค้าสัมพันธ์ → ลูกค้า|สัมพันธ์),
// mixed Thai–English titles, accents, field and recency ranking, and items hidden from staff by status,
// window and audience — plus generated filler over words none of the tests ask about, so every query runs
// against a corpus of more than 200 items of nine kinds.

const DAY = 86_400_000;
export const iso = (msFromNow) => new Date(Date.now() + msFromNow).toISOString();

/**
 * Hand-written items: key → { kind, title, summary?, body?, ...fields, hidden?: why staff must not see it }.
 * `kind` is the staff search kind; the test creates each through its area's back-office API (stories are
 * posted by a staff member and published by an editor).
 */
export const items = {
  // Words and compounds.
  pro: { kind: 'content', title: 'การบริการลูกค้าอย่างมืออาชีพ', summary: 'ทักทาย ฟัง และช่วยเหลือ', body: '<p>บทเรียนพื้นฐานของพนักงานหน้าร้าน</p>' },
  cope: { kind: 'content', title: 'การรับมือกับลูกค้าที่ไม่พอใจ', summary: 'ฟังก่อน แล้วค่อยแก้ปัญหา' },
  phone: { kind: 'content', title: 'ขายมือถือรุ่นใหม่ให้ลูกค้า', summary: 'จุดเด่นของรุ่นล่าสุด' },
  manual: { kind: 'content', title: 'คู่มือพนักงานใหม่', summary: 'สิ่งที่ต้องรู้ในสัปดาห์แรก' },
  relations: { kind: 'article', title: 'ลูกค้าสัมพันธ์ในร้านค้าปลีก', summary: 'สร้างความภักดีระยะยาว', body: '<p>ข่าวจากฝ่ายการตลาด</p>' },
  cs101: { kind: 'course', title: 'Customer Service 101: บริการลูกค้าเบื้องต้น', summary: 'หลักสูตรสำหรับพนักงานใหม่' },
  iphone: { kind: 'content', title: 'iPhone 15 กับการบริการหลังการขาย', summary: 'การรับประกันและการซ่อม' },
  pos: { kind: 'ebook', title: 'คู่มือ POS สำหรับแคชเชียร์', author: 'ฝ่ายปฏิบัติการ', description: 'เปิดกะ ปิดกะ และการคืนเงิน' },
  promo: { kind: 'event', title: 'อบรม Promotion Planning ประจำไตรมาส', description: 'วางแผนโปรโมชั่นร่วมกับทีมการตลาด' },
  cafe: { kind: 'reward', title: 'บัตรส่วนลด Café Amazon', description: '<p>ใช้ได้ทุกสาขา</p>' },
  shirt: { kind: 'poll', title: 'เลือกสีเสื้อทีมปีหน้า', description: 'โหวตได้คนละหนึ่งสี' },
  happy: { kind: 'survey', title: 'แบบสำรวจความพึงพอใจในการทำงาน', description: 'ใช้เวลาไม่เกินห้านาที' },
  story: { kind: 'story', text: 'วันนี้ร้านเราช่วยลูกค้าสูงอายุหามือถือที่ลืมไว้จนเจอ' },
  quiz: { kind: 'exam', title: 'แบบทดสอบการบริการลูกค้า', description: '<p>ผ่านร้อยละหกสิบได้คะแนน</p>' },
  returns: { kind: 'content', title: 'รับของคืนจากลูกค้า', summary: 'ขั้นตอนการคืนสินค้า' },

  // Field and recency ranking: ชั้นวาง in the title, the summary, the body; the newest first among equals.
  shelfTitleOld: { kind: 'content', title: 'จัดชั้นวางให้น่าซื้อ', summary: 'หลักการวางสินค้า', startAt: -3 * DAY },
  shelfTitleNew: { kind: 'content', title: 'ชั้นวางสินค้าตามฤดูกาล', summary: 'เปลี่ยนตามเทศกาล', startAt: -1 * DAY },
  shelfSummary: { kind: 'content', title: 'หน้าร้านที่ดึงดูด', summary: 'ไฟ ป้าย และชั้นวาง', startAt: -0.5 * DAY },
  shelfBody: { kind: 'article', title: 'ข่าวประจำสัปดาห์', summary: 'สรุปเรื่องสำคัญ', body: '<p>สาขาใหม่เปลี่ยนชั้นวางทั้งหมด</p>', startAt: -0.2 * DAY },

  // A basket (กระเช้า) everyone may see, and baskets staff must never see (or see only in their audience).
  basket: { kind: 'content', title: 'ห่อกระเช้าให้สวย', summary: 'เทคนิคการห่อของขวัญ' },
  basketDraft: { kind: 'content', title: 'กระเช้าปีใหม่ฉบับร่าง', status: 'draft', hidden: 'draft' },
  basketNorth: { kind: 'content', title: 'กระเช้าผลไม้ภาคเหนือ', audience: { stores: ['CNX01'] }, hidden: 'another store (S2001 only)' },
  basketLater: { kind: 'content', title: 'กระเช้าของขวัญล่วงหน้า', startAt: 2 * DAY, hidden: 'not started' },
  basketOver: { kind: 'article', title: 'กระเช้าสุขภาพหมดเขต', startAt: -3 * DAY, endAt: -1 * DAY, hidden: 'ended' },
  basketArchived: { kind: 'reward', title: 'กระเช้าพรีเมียม', status: 'archived', hidden: 'archived' },
  basketManagers: { kind: 'event', title: 'แจกกระเช้าผู้จัดการ', audience: { positions: ['Store manager'] }, hidden: 'another position' },
  basketCourse: { kind: 'course', title: 'หลักสูตรกระเช้าลับ', audience: { stores: ['CNX01'], positions: ['Store manager'] }, hidden: 'another store and position' },
  basketPending: { kind: 'story', text: 'ร้านเราจัดกระเช้าสวยมาก รออนุมัติ', pending: true, hidden: 'pending story' },
  basketSurvey: { kind: 'survey', title: 'กระเช้าที่อยากได้', status: 'draft', hidden: 'draft' },

  // HTML in a title is text: it comes back as text, and the web escapes it.
  markup: { kind: 'content', title: 'โปรแกรม <b>ลูกค้า</b> & "สมาชิก"', summary: 'คะแนนสะสม' },
};

// Filler: words no test asks about (none of them holds มือ, ลูกค้า, บริการ, กระเช้า, ชั้นวาง, รับ, คู่ or the Latin words asked).
const fillerThai = [
  'สินค้าคงคลัง', 'ความปลอดภัย', 'แคชเชียร์', 'เงินทอน', 'ใบเสร็จ', 'ป้ายราคา', 'การตลาด', 'ทีมงาน', 'ยอดขาย',
  'รายงานประจำวัน', 'ตารางงาน', 'อาหารสด', 'เครื่องดื่ม', 'ขนมปัง', 'ความสะอาด', 'อุปกรณ์', 'ตู้เย็น', 'ไฟฟ้า',
  'ดับเพลิง', 'ปฐมพยาบาล', 'บรรจุภัณฑ์', 'จัดส่ง', 'ออนไลน์', 'แอปพลิเคชัน', 'สมาชิก', 'คะแนน', 'บัตร', 'กะเช้า',
  'กะดึก', 'คลังสินค้า', 'ผลไม้', 'ผัก', 'เนื้อสัตว์', 'อาหารแช่แข็ง', 'ของใช้', 'ความเย็น',
];
const fillerLatin = ['inventory', 'safety', 'cashier', 'report', 'teamwork', 'fresh', 'delivery', 'online', 'member', 'points'];
const fillerKinds = ['content', 'content', 'content', 'content', 'article', 'course', 'exam', 'event', 'survey', 'poll'];

/** Filler items, deterministic: n of them. */
export function filler(n) {
  const out = {};
  for (let i = 0; i < n; i += 1) {
    const w = (k) => fillerThai[(i * 7 + k * 11) % fillerThai.length];
    const latin = fillerLatin[i % fillerLatin.length];
    const kind = fillerKinds[i % fillerKinds.length];
    const title = `${w(0)}${w(1)} ${i % 3 === 0 ? latin : w(2)} ${i + 1}`;
    const text = `${w(3)} ${w(4)} และ${w(5)}`;
    out[`filler${i}`] = { kind, title, summary: text, description: text, body: `<p>${w(6)} ${w(7)} ${latin}</p>` };
  }
  return out;
}

export const DAY_MS = DAY;
