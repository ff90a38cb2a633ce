#include "search/text.hpp"

#include <unicode/brkiter.h>
#include <unicode/bytestream.h>
#include <unicode/edits.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utext.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <memory>
#include <stdexcept>

namespace shopfloor::search {

namespace {

void check(UErrorCode ec, const char* what) {
  if (U_FAILURE(ec)) throw std::runtime_error(std::string("search: ICU ") + what + ": " + u_errorName(ec));
}

// One of ICU's own normalizer instances (ICU owns it), fetched once.
template <const icu::Normalizer2* (*instance)(UErrorCode&)>
const icu::Normalizer2& normalizer(const char* name) {
  static const icu::Normalizer2* n = [name] {
    UErrorCode ec = U_ZERO_ERROR;
    auto* p = instance(ec);
    check(ec, name);
    return p;
  }();
  return *n;
}

const icu::Normalizer2& nfkc_casefold() {
  return normalizer<&icu::Normalizer2::getNFKCCasefoldInstance>("NFKC_Casefold");
}
const icu::Normalizer2& nfd() {
  return normalizer<&icu::Normalizer2::getNFDInstance>("NFD");
}

// One word break iterator per thread (an iterator holds its text; the prototype's rules and dictionaries
// are shared by the clones).
icu::BreakIterator& word_breaks() {
  static const std::unique_ptr<icu::BreakIterator> prototype = [] {
    UErrorCode ec = U_ZERO_ERROR;
    std::unique_ptr<icu::BreakIterator> b(icu::BreakIterator::createWordInstance(icu::Locale("th"), ec));
    check(ec, "word break iterator");
    return b;
  }();
  thread_local std::unique_ptr<icu::BreakIterator> mine(prototype->clone());
  return *mine;
}

void append_utf8(std::string& out, UChar32 c) {
  char buf[U8_MAX_LENGTH];
  int32_t n = 0;
  UBool error = false;
  U8_APPEND(reinterpret_cast<uint8_t*>(buf), n, U8_MAX_LENGTH, c, error);
  (void)error;  // c is a valid code point
  out.append(buf, static_cast<std::size_t>(n));
}

}  // namespace

std::string valid_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  int32_t n = static_cast<int32_t>(s.size());
  for (int32_t i = 0; i < n;) {
    int32_t start = i;
    UChar32 c;
    U8_NEXT(p, i, n, c);
    if (c < 0)
      append_utf8(out, 0xFFFD);
    else
      out.append(s.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(i - start)));
  }
  return out;
}

namespace {

bool is_mark(UChar32 c) {
  auto t = u_charType(c);
  return t == U_NON_SPACING_MARK || t == U_COMBINING_SPACING_MARK || t == U_ENCLOSING_MARK;
}

// Letters whose accents are folded away ("é" → "e"); other scripts' marks are part of their letters.
bool accents_fold(UChar32 base) {
  UErrorCode ec = U_ZERO_ERROR;
  UScriptCode s = uscript_getScript(base, &ec);
  return s == USCRIPT_LATIN || s == USCRIPT_GREEK || s == USCRIPT_CYRILLIC;
}

constexpr UChar32 nikhahit = 0x0E4D, sara_aa = 0x0E32, sara_am = 0x0E33;

// The order Thai marks above and below a consonant are kept in: vowel (below, then above), tone mark, then
// thanthakhat, nikhahit and yamakkan. -1 for anything that is not a Thai mark.
int thai_mark_rank(UChar32 c) {
  if (c >= 0x0E38 && c <= 0x0E3A) return 0;                                  // ุ ู ฺ
  if (c == 0x0E31 || (c >= 0x0E34 && c <= 0x0E37) || c == 0x0E47) return 1;  // ั ิ ี ึ ื ็
  if (c >= 0x0E48 && c <= 0x0E4B) return 2;                                  // ่ ้ ๊ ๋
  if (c >= 0x0E4C && c <= 0x0E4E) return 3;                                  // ์ ํ ๎
  return -1;
}

// After NFKC with case folding: accents folded and Thai marks ordered (see text.hpp). Works on one unit at a
// time (a character and the marks after it), recording what changed in `edits` when given.
std::string fold(std::string_view s, icu::Edits* edits) {
  std::string out;
  out.reserve(s.size());
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  const int32_t n = static_cast<int32_t>(s.size());
  std::vector<UChar32> marks;
  for (int32_t i = 0; i < n;) {
    const int32_t start = i;
    UChar32 base;
    U8_NEXT(p, i, n, base);
    marks.clear();
    int32_t after = i;
    while (after < n) {
      int32_t j = after;
      UChar32 m;
      U8_NEXT(p, j, n, m);
      if (!is_mark(m)) break;
      marks.push_back(m);
      after = j;
    }
    const std::size_t before = out.size();
    bool thai = !marks.empty() &&
                std::all_of(marks.begin(), marks.end(), [](UChar32 m) { return thai_mark_rank(m) >= 0; });
    if (thai) {
      std::stable_sort(marks.begin(), marks.end(),
                       [](UChar32 a, UChar32 b) { return thai_mark_rank(a) < thai_mark_rank(b); });
      marks.erase(std::unique(marks.begin(), marks.end()), marks.end());
      append_utf8(out, base);
      bool am = false;
      if (marks.back() == nikhahit && after < n) {
        int32_t j = after;
        UChar32 next;
        U8_NEXT(p, j, n, next);
        if (next == sara_aa) {
          am = true;
          marks.pop_back();
          after = j;
        }
      }
      for (UChar32 m : marks) append_utf8(out, m);
      if (am) append_utf8(out, sara_am);
    } else if (accents_fold(base)) {
      icu::UnicodeString d;
      if (!nfd().getDecomposition(base, d)) d = icu::UnicodeString(base);
      for (int32_t k = 0; k < d.length();) {
        UChar32 c = d.char32At(k);
        if (!is_mark(c)) append_utf8(out, c);
        k += U16_LENGTH(c);
      }
    } else {
      out.append(s.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(after - start)));
    }
    i = after;
    if (edits) {
      std::string_view in =
          s.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(after - start));
      std::string_view made(out.data() + before, out.size() - before);
      if (in == made)
        edits->addUnchanged(static_cast<int32_t>(in.size()));
      else
        edits->addReplace(static_cast<int32_t>(in.size()), static_cast<int32_t>(made.size()));
    }
  }
  return out;
}

std::string normalize_with(std::string_view valid, icu::Edits* edits) {
  std::string step1;
  icu::StringByteSink<std::string> sink(&step1);
  UErrorCode ec = U_ZERO_ERROR;
  icu::Edits e1;
  nfkc_casefold().normalizeUTF8(0, icu::StringPiece(valid.data(), static_cast<int32_t>(valid.size())), sink,
                                edits ? &e1 : nullptr, ec);
  check(ec, "normalize");
  if (!edits) return fold(step1, nullptr);
  icu::Edits e2;
  std::string out = fold(step1, &e2);
  edits->mergeAndAppend(e1, e2, ec);
  check(ec, "edits");
  return out;
}

// Whether a letter is of a script written without spaces, whose words come from ICU's dictionaries; -1 for
// digits, marks and other characters common to every script.
int dictionary_script(UChar32 cp) {
  UErrorCode ec = U_ZERO_ERROR;
  UScriptCode script = uscript_getScript(cp, &ec);
  if (U_FAILURE(ec) || script == USCRIPT_COMMON || script == USCRIPT_INHERITED) return -1;
  return script == USCRIPT_THAI || script == USCRIPT_LAO || script == USCRIPT_KHMER ||
         script == USCRIPT_MYANMAR;
}

// ICU keeps Thai typed against Latin as one word ("ลูกค้าvip"); people mean two, so a word is cut where its
// letters change between a dictionary script and another. A piece with no letter or digit ("___", which ICU
// counts as a word) is not a word.
template <class F>
void split_at_script_changes(const std::string& text, std::size_t begin, std::size_t end, F& fn) {
  int current = -1;
  bool alnum = false;
  std::size_t from = begin;
  auto emit = [&](std::size_t to) {
    if (alnum && to > from) fn(from, to);
  };
  for (std::size_t i = begin; i < end;) {
    std::size_t at = i;
    UChar32 cp = 0;
    U8_NEXT(text.data(), i, end, cp);
    if (cp < 0) continue;
    int script = dictionary_script(cp);
    if (script >= 0 && current >= 0 && script != current) {
      emit(at);
      from = at;
      alnum = false;
    }
    if (script >= 0) current = script;
    if (u_isalnum(cp)) alnum = true;
  }
  emit(end);
}

// Calls fn(begin, end) for each word of normalised UTF-8 text (byte offsets), in order.
template <class F>
void each_word(const std::string& text, F fn) {
  if (text.empty()) return;
  UErrorCode ec = U_ZERO_ERROR;
  UText* ut = utext_openUTF8(nullptr, text.data(), static_cast<int64_t>(text.size()), &ec);
  check(ec, "text");
  icu::BreakIterator& breaks = word_breaks();
  breaks.setText(ut, ec);
  if (U_FAILURE(ec)) {
    utext_close(ut);
    check(ec, "set text");
  }
  int32_t start = breaks.first();
  for (int32_t end = breaks.next(); end != icu::BreakIterator::DONE; start = end, end = breaks.next())
    if (breaks.getRuleStatus() >= UBRK_WORD_NONE_LIMIT)
      split_at_script_changes(text, static_cast<std::size_t>(start), static_cast<std::size_t>(end), fn);
  // The iterator keeps a shallow copy of the UText; give it an empty text before ours goes.
  static const char empty[] = "";
  UText* none = utext_openUTF8(nullptr, empty, 0, &ec);
  breaks.setText(none, ec);
  utext_close(none);
  utext_close(ut);
}

// At most max_word_chars code points of a word.
std::string clipped(std::string_view w) {
  std::size_t chars = 0;
  for (std::size_t i = 0; i < w.size(); ++i)
    if ((static_cast<unsigned char>(w[i]) & 0xC0) != 0x80 && chars++ == max_word_chars)
      return std::string(w.substr(0, i));
  return std::string(w);
}

}  // namespace

std::string normalize(std::string_view text) {
  return normalize_with(valid_utf8(text), nullptr);
}

std::vector<std::string> words(std::string_view text) {
  std::string n = normalize(text);
  std::vector<std::string> out;
  each_word(
      n, [&](std::size_t b, std::size_t e) { out.push_back(clipped(std::string_view(n).substr(b, e - b))); });
  return out;
}

std::vector<Located> located_words(std::string_view valid) {
  std::string_view text = valid;
  icu::Edits edits;
  std::string n = normalize_with(text, &edits);
  // Where each byte of the normal form came from: its first byte in the original, and for a word's end the
  // end of the original bytes it replaced.
  std::vector<std::size_t> from(n.size() + 1, text.size()), to(n.size() + 1, 0);
  UErrorCode ec = U_ZERO_ERROR;
  auto it = edits.getFineIterator();
  while (it.next(ec)) {
    auto src = static_cast<std::size_t>(it.sourceIndex()),
         dst = static_cast<std::size_t>(it.destinationIndex());
    auto old_len = static_cast<std::size_t>(it.oldLength()),
         new_len = static_cast<std::size_t>(it.newLength());
    for (std::size_t k = 0; k < new_len; ++k) {
      from[dst + k] = it.hasChange() ? src : src + k;
      to[dst + k + 1] = it.hasChange() ? src + old_len : src + k + 1;
    }
  }
  std::vector<Located> out;
  each_word(n, [&](std::size_t b, std::size_t e) {
    out.push_back({clipped(std::string_view(n).substr(b, e - b)), from[b], std::max(to[e], from[b])});
  });
  return out;
}

std::size_t utf16_length(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s) {
    if ((c & 0xC0) == 0x80) continue;
    n += c >= 0xF0 ? 2 : 1;
  }
  return n;
}

}  // namespace shopfloor::search
