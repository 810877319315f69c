#include "loader.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

// Builds libhyphen's public automaton (HyphenDict, HyphenState, HyphenTrans in <hyphen.h>) from a
// dictionary file exactly as libhyphen 2.8.8's hnj_hyphen_load does — the same states, numbered
// in the same order, with the same matches, replacements, transitions and fallbacks — but with a
// hash table of state strings sized to the dictionary. libhyphen's has a fixed 31,627 buckets, so
// German's ~480,000 states make chains that took 4 s to load; this takes a fraction of a second.
// Everything is allocated with malloc, as libhyphen's hnj_malloc does, so hnj_hyphen_free frees
// it. `HyphenatorTests` checks state by state that both loaders build the same automaton for
// every dictionary setup.sh installs.

/// Blocks the state strings are copied into, freed together.
typedef struct arena_block {
  struct arena_block *next;
  size_t used, size;
  char bytes[];
} arena_block;

/// State strings → state numbers: open addressing, linear probing, at most half full; each
/// slot keeps its key's hash, so a probe compares strings only when the hashes are equal.
typedef struct {
  const char **keys;
  uint64_t *hashes;
  int *values;
  size_t capacity;  // a power of two, 2^(64 - shift)
  int shift;
  size_t count;
  arena_block *strings;
} state_table;

/// A polynomial hash (mod 2^64), so a suffix's hash follows from its string's in one step.
static const uint64_t hash_base = 1099511628211ull;

static uint64_t hash_of(const char *key) {
  uint64_t hash = 0;
  for (const unsigned char *p = (const unsigned char *)key; *p; p++) hash = hash * hash_base + *p;
  return hash;
}

/// The slot a hash starts probing at (Fibonacci hashing: the product's top bits).
static size_t slot_of(const state_table *table, uint64_t hash) {
  return (size_t)((hash * 0x9e3779b97f4a7c15ull) >> table->shift);
}

static int table_init(state_table *table, size_t capacity) {
  table->keys = calloc(capacity, sizeof(char *));
  table->hashes = malloc(capacity * sizeof(uint64_t));
  table->values = malloc(capacity * sizeof(int));
  table->capacity = capacity;
  table->shift = 64;
  for (size_t c = capacity; c > 1; c >>= 1) table->shift--;
  table->count = 0;
  table->strings = NULL;
  return table->keys && table->hashes && table->values ? 0 : -1;
}

static void table_free(state_table *table) {
  while (table->strings) {
    arena_block *next = table->strings->next;
    free(table->strings);
    table->strings = next;
  }
  free(table->keys);
  free(table->hashes);
  free(table->values);
}

/// The state of `key` (whose hash is `hash`), or -1.
static int table_find(const state_table *table, const char *key, uint64_t hash) {
  size_t mask = table->capacity - 1;
  for (size_t i = slot_of(table, hash); table->keys[i]; i = (i + 1) & mask)
    if (table->hashes[i] == hash && strcmp(table->keys[i], key) == 0) return table->values[i];
  return -1;
}

static int table_lookup(const state_table *table, const char *key) { return table_find(table, key, hash_of(key)); }

/// A copy of `key` in the table's arena; NULL when memory runs out.
static const char *arena_copy(state_table *table, const char *key) {
  size_t length = strlen(key) + 1;
  arena_block *block = table->strings;
  if (!block || block->size - block->used < length) {
    size_t size = length > (1u << 20) ? length : (1u << 20);
    arena_block *fresh = malloc(sizeof(arena_block) + size);
    if (!fresh) return NULL;
    fresh->next = block;
    fresh->used = 0;
    fresh->size = size;
    table->strings = block = fresh;
  }
  char *copy = block->bytes + block->used;
  memcpy(copy, key, length);
  block->used += length;
  return copy;
}

/// Puts `key` at the first free slot of its probe sequence.
static void table_place(state_table *table, const char *key, uint64_t hash, int value) {
  size_t mask = table->capacity - 1;
  size_t i = slot_of(table, hash);
  while (table->keys[i]) i = (i + 1) & mask;
  table->keys[i] = key;
  table->hashes[i] = hash;
  table->values[i] = value;
  table->count++;
}

/// Adds `key` (not present) as `value`; -1 when memory runs out.
static int table_insert(state_table *table, const char *key, int value) {
  if (2 * (table->count + 1) > table->capacity) {
    state_table bigger;
    if (table_init(&bigger, table->capacity * 2) != 0) {
      table_free(&bigger);
      return -1;
    }
    for (size_t j = 0; j < table->capacity; j++)
      if (table->keys[j]) table_place(&bigger, table->keys[j], table->hashes[j], table->values[j]);
    bigger.strings = table->strings;
    free(table->keys);
    free(table->hashes);
    free(table->values);
    *table = bigger;
  }
  const char *copy = arena_copy(table, key);
  if (!copy) return -1;
  table_place(table, copy, hash_of(key), value);
  return 0;
}

/// The state of `string`, made (as hnj_get_state does: numbered next, the array doubled at each
/// power of two) when new; -1 when memory runs out.
static int state_of(HyphenDict *dict, state_table *table, const char *string) {
  int state = table_lookup(table, string);
  if (state >= 0) return state;
  if (table_insert(table, string, dict->num_states) != 0) return -1;
  if (!(dict->num_states & (dict->num_states - 1))) {
    HyphenState *grown = realloc(dict->states, (size_t)(dict->num_states << 1) * sizeof(HyphenState));
    if (!grown) return -1;
    dict->states = grown;
  }
  HyphenState *fresh = &dict->states[dict->num_states];
  memset(fresh, 0, sizeof *fresh);
  fresh->fallback_state = -1;
  return dict->num_states++;
}

/// A transition from `from` to `to` through `ch` (as hnj_add_trans); -1 when memory runs out.
static int add_transition(HyphenDict *dict, int from, int to, char ch) {
  HyphenState *state = &dict->states[from];
  int count = state->num_trans;
  if (count == 0 || !(count & (count - 1))) {
    HyphenTrans *grown = realloc(state->trans, (size_t)(count == 0 ? 1 : count << 1) * sizeof(HyphenTrans));
    if (!grown) return -1;
    state->trans = grown;
  }
  state->trans[count].ch = ch;
  state->trans[count].new_state = to;
  state->num_trans++;
  return 0;
}

/// A `NOHYPHEN a,b,c` line: the list, each element ended by a NUL, as hnj_hyphen_load_line keeps
/// it.
static int read_nohyphen(HyphenDict *dict, char *buf) {
  char *space = buf + 8;
  while (*space == ' ' || *space == '\t') space++;
  free(dict->nohyphen);
  dict->nohyphen = NULL;
  dict->nohyphenl = 0;
  if (*space == '\0') return 0;
  if (!(dict->nohyphen = strdup(space))) return -1;
  char *end = dict->nohyphen + strlen(dict->nohyphen) - 1;
  *end = 0;
  int count = 0;
  for (end = end - 1; end > dict->nohyphen; end--) {
    if (*end == ',') {
      count++;
      *end = 0;
    }
  }
  // Empty elements ("a,,b", a trailing comma) left out: libhyphen 2.8.8 looks each element up
  // with strstr, which finds an empty one at every offset, past the word's end, writing over the
  // stack (the hyphen fuzz target's finding).
  char *read = dict->nohyphen, *write = dict->nohyphen;
  int kept = 0;
  for (int element = 0; element <= count; element++) {
    size_t size = strlen(read);
    if (size > 0) {
      memmove(write, read, size + 1);
      write += size + 1;
      kept++;
    }
    read += size + 1;
  }
  if (kept == 0) {
    free(dict->nohyphen);
    dict->nohyphen = NULL;
  }
  dict->nohyphenl = kept > 0 ? kept - 1 : 0;
  return 0;
}

/// A non-standard break `pattern/replacement,index,cut`: the replacement, its index and cut in
/// bytes (as hnj_hyphen_load_line converts them); `*slash` is cut off the pattern.
static int read_replacement(char *buf, char *slash, char **repl, signed char *index, signed char *cut) {
  char *comma = strchr(slash + 1, ',');
  *slash = '\0';
  *index = 0;
  *cut = 0;
  if (comma) {
    char *comma2 = strchr(comma + 1, ',');
    *comma = '\0';
    if (comma2) {
      *comma2 = '\0';
      *index = (signed char)(atoi(comma + 1) - 1);
      *cut = (signed char)atoi(comma2 + 1);
    }
  } else {
    size_t k = strlen(slash + 1);
    if (k > 0 && (slash[k] == '\r' || slash[k] == '\n')) slash[k] = '\0';
    if (k > 1 && slash[k - 1] == '\r') slash[k - 1] = '\0';
    *cut = (signed char)strlen(buf);
  }
  *repl = strdup(slash + 1);
  return *repl ? 0 : -1;
}

/// A UTF-8 dictionary counts a replacement's index and cut in characters: in bytes here.
static void replacement_in_bytes(const char *word, signed char *index, signed char *cut) {
  int unicode = -1, start = -1;
  size_t length = strlen(word);
  for (size_t byte = (*word == '.') ? 1 : 0; byte < length + 1; byte++) {
    if ((((unsigned char)word[byte]) >> 6) != 2) unicode++;
    if (start < 0 && *index == unicode) {
      start = *index;
      *index = (signed char)byte;
    }
    if (start >= 0 && (unicode - start) == *cut) {
      *cut = (signed char)(byte - *index);
      break;
    }
  }
  if (*word == '.') (*index)--;
}

/// A non-standard pattern's breaks are not kept: each odd digit in its replacement's window
/// (match indices `index` … `index + cut`, as hnj_hyphen_hyph_ marks them) becomes the even digit
/// below it, so the pattern still inhibits what it inhibited and offers nothing; the
/// replacement itself is dropped, so libhyphen's non-standard path (which a hostile pattern
/// crashes) never runs. Digits outside the window stay, as libhyphen keeps them standard.
static void keep_standard_digits(char *match, int index, int cut) {
  int length = (int)strlen(match);
  int first = index < 0 ? 0 : index;
  long last = (long)index + (cut < 0 ? 0 : cut);
  for (int k = first; k < length && k <= last; k++)
    if (match[k] >= '1' && match[k] <= '9' && ((match[k] - '0') & 1)) match[k]--;
}

/// A `LEFTHYPHENMIN`-style or `NOHYPHEN` line: 1 with `*status` set when `buf` is one, else 0.
static int read_setting(char *buf, HyphenDict *dict, int *status) {
  static const struct { const char *name; size_t length; } mins[] = {
      {"LEFTHYPHENMIN", 13}, {"RIGHTHYPHENMIN", 14}, {"COMPOUNDLEFTHYPHENMIN", 21}, {"COMPOUNDRIGHTHYPHENMIN", 22}};
  char *fields[] = {&dict->lhmin, &dict->rhmin, &dict->clhmin, &dict->crhmin};
  for (int m = 0; m < 4; m++) {
    if (strncmp(buf, mins[m].name, mins[m].length) == 0) {
      *fields[m] = (char)atoi(buf + mins[m].length);
      *status = 0;
      return 1;
    }
  }
  if (strncmp(buf, "NOHYPHEN", 8) != 0) return 0;
  *status = read_nohyphen(dict, buf);
  return 1;
}

/// Splits a pattern line into its letters (`word`) and digits (`pattern`, one more than the
/// letters); returns the letters' count.
static int split_pattern(const char *buf, char *word, char *pattern) {
  int j = 0;
  pattern[0] = '0';
  for (int i = 0; (unsigned char)buf[i] > (unsigned char)' ' && j < MAX_CHARS - 2; i++) {
    if (buf[i] >= '0' && buf[i] <= '9') {
      pattern[j] = buf[i];
    } else {
      word[j] = buf[i];
      pattern[++j] = '0';
    }
  }
  word[j] = '\0';
  pattern[j + 1] = '\0';
  return j;
}

/// One line of patterns (hnj_hyphen_load_line); -1 when memory runs out.
static int load_line(char *buf, HyphenDict *dict, state_table *table) {
  int status;
  if (read_setting(buf, dict, &status)) return status;
  char word[MAX_CHARS], pattern[MAX_CHARS + 1];
  char *repl = NULL;
  signed char index = 0, cut = 0;
  char *slash = strchr(buf, '/');
  if (slash && read_replacement(buf, slash, &repl, &index, &cut) != 0) return -1;
  int j = split_pattern(buf, word, pattern), i = 0;
  // A digit before a leading '.' or after a trailing one marks a point outside the word, which
  // libhyphen 2.8.8's hnj_hyphen_hyph_ writes before or after its own arrays, corrupting its
  // heap (hunspell/hyphen tests/boundary: "1.a" aborted the process hyphenating "apple"). No
  // word breaks there: the digit is dropped.
  if (j > 0 && word[0] == '.') pattern[0] = '0';
  if (j > 0 && word[j - 1] == '.') pattern[j] = '0';
  if (!repl) {
    while (pattern[i] == '0') i++;  // leading zeroes optimized away
  } else {
    if (*word == '.') i++;
    if (dict->utf8) replacement_in_bytes(word, &index, &cut);
  }
  int nonstandard = repl != NULL;
  free(repl);  // only its index and cut are kept: its points are left out
  int found = table_lookup(table, word);
  int state = state_of(dict, table, word);
  if (state < 0) return -1;
  HyphenState *s = &dict->states[state];
  free(s->match);
  free(s->repl);
  s->repl = NULL;
  s->replindex = s->replcut = 0;
  if (!(s->match = strdup(pattern + i))) return -1;
  if (nonstandard) keep_standard_digits(s->match, index, cut ? cut : (int)strlen(word));
  // The prefix transitions, back to the first prefix already known.
  for (; found < 0 && j > 0; --j) {
    int last = state;
    char ch = word[j - 1];
    word[j - 1] = '\0';
    found = table_lookup(table, word);
    if ((state = state_of(dict, table, word)) < 0 || add_transition(dict, state, last, ch) != 0) return -1;
  }
  return 0;
}

/// Each state's fallback: the state of its longest proper suffix that is a state ("" is).
static void set_fallbacks(HyphenDict *dict, const state_table *table) {
  uint64_t powers[MAX_CHARS + 1];  // hash_base^k
  powers[0] = 1;
  for (int k = 1; k <= MAX_CHARS; k++) powers[k] = powers[k - 1] * hash_base;
  for (size_t i = 0; i < table->capacity; i++) {
    const unsigned char *key = (const unsigned char *)table->keys[i];
    if (!key || table->values[i] == 0) continue;
    size_t length = strlen((const char *)key);
    uint64_t hash = table->hashes[i];
    int fallback = 0;
    for (size_t j = 1; j <= length && length - j < MAX_CHARS; j++) {
      hash -= key[j - 1] * powers[length - j];  // the hash of key + j
      if ((fallback = table_find(table, (const char *)key + j, hash)) >= 0) break;
    }
    dict->states[table->values[i]].fallback_state = fallback;
  }
}

static HyphenDict *new_level(void) {
  HyphenDict *dict = calloc(1, sizeof *dict);
  if (!dict) return NULL;
  dict->num_states = 1;
  if (!(dict->states = calloc(1, sizeof(HyphenState)))) {
    free(dict);
    return NULL;
  }
  dict->states[0].fallback_state = -1;
  return dict;
}

/// The largest dictionary read: German's, the largest Debian ships, is 1.1 MB (480,000 states,
/// 39 MB built); 4 MiB bounds what a dictionary can cost at about 150 MB.
static const long max_dictionary_bytes = 4l << 20;

/// Reads lines of a dictionary, refusing what libhyphen would misread: a NUL byte, or a
/// pattern line longer than libhyphen's buffer (which would split it into two patterns).
typedef struct {
  FILE *file;
  char *line;
  size_t capacity;
  int number;
  char *message;
  size_t message_size;
} line_reader;

/// The next line into `buf` (MAX_CHARS bytes): 1, or 0 at the end, or -2 when malformed (the
/// message says which line and why). Comment lines (`%`) of any length are skipped whole.
static int next_line(line_reader *reader, char *buf) {
  for (;;) {
    ssize_t length = getline(&reader->line, &reader->capacity, reader->file);
    if (length < 0) return 0;
    reader->number++;
    if (memchr(reader->line, 0, (size_t)length)) {
      snprintf(reader->message, reader->message_size, "line %d holds a NUL byte; it is not a hyphenation dictionary",
               reader->number);
      return -2;
    }
    if (reader->line[0] == '%') continue;
    size_t text = (size_t)length;
    while (text > 0 && (reader->line[text - 1] == '\n' || reader->line[text - 1] == '\r')) text--;
    if (text > MAX_CHARS - 2) {
      snprintf(reader->message, reader->message_size, "line %d has %zu bytes, more than the %d a pattern may have",
               reader->number, text, MAX_CHARS - 2);
      return -2;
    }
    // The line's text and one newline, whatever ended it (CRs, several of them, or none): a
    // line of 98 bytes and "\r\r\r\n" overflowed this buffer when copied whole.
    memcpy(buf, reader->line, text);
    buf[text] = '\n';
    buf[text + 1] = '\0';
    return 1;
  }
}

/// The patterns of one level: up to NEXTLEVEL (`*more` set) or the end of the file. 0, -1 when
/// memory runs out, -2 when the file is malformed.
static int load_level(line_reader *reader, HyphenDict *dict, int *more) {
  state_table table;
  if (table_init(&table, 1 << 12) != 0 || table_insert(&table, "", 0) != 0) {
    table_free(&table);
    return -1;
  }
  char buf[MAX_CHARS];
  int status = 0, read = 0;
  if (more) {
    while (status == 0 && (read = next_line(reader, buf)) > 0) {
      if (strncmp(buf, "NEXTLEVEL", 9) == 0) {
        *more = 1;
        break;
      }
      status = load_line(buf, dict, &table);
    }
    if (read < 0) status = read;
  } else {
    // libhyphen's default first level: no break at hyphens, apostrophes (and en dashes).
    char *lines[] = {dict->utf8 ? "NOHYPHEN ',\xe2\x80\x93,\xe2\x80\x99,-\n" : "NOHYPHEN ',-\n", "1-1\n", "1'1\n",
                     "1\xe2\x80\x93" "1\n", "1\xe2\x80\x99" "1\n"};
    for (int k = 0; status == 0 && k < (dict->utf8 ? 5 : 3); k++) {
      strncpy(buf, lines[k], sizeof buf - 1);
      buf[sizeof buf - 1] = '\0';
      status = load_line(buf, dict, &table);
    }
  }
  if (status == 0) set_fallbacks(dict, &table);
  table_free(&table);
  return status;
}

/// The first line, the character set: -2 when there is none or it is too long to be one.
static int read_charset(line_reader *reader, HyphenDict *dict) {
  ssize_t length = getline(&reader->line, &reader->capacity, reader->file);
  reader->number = 1;
  size_t text = length > 0 ? (size_t)length : 0;
  while (text > 0 && (reader->line[text - 1] == '\n' || reader->line[text - 1] == '\r')) text--;
  if (text == 0 || text >= MAX_NAME || memchr(reader->line, 0, text)) {
    snprintf(reader->message, reader->message_size,
             "its first line must name its character set (UTF-8, ISO8859-1, …) in at most %d bytes", MAX_NAME - 1);
    return -2;
  }
  memcpy(dict->cset, reader->line, text);
  dict->cset[text] = 0;
  dict->utf8 = strcmp(dict->cset, "UTF-8") == 0;
  return 0;
}

/// Opens `path` for reading when it is a regular file of at most max_dictionary_bytes.
static FILE *open_dictionary(const char *path, char *message, size_t message_size) {
  FILE *file = fopen(path, "r");
  if (!file) {
    snprintf(message, message_size, "%s", strerror(errno));
    return NULL;
  }
  struct stat info;
  if (fstat(fileno(file), &info) != 0 || !S_ISREG(info.st_mode) || info.st_size > max_dictionary_bytes) {
    snprintf(message, message_size, "it is not a regular file of at most %ld MiB", max_dictionary_bytes >> 20);
    fclose(file);
    return NULL;
  }
  return file;
}

HyphenDict *wf_hyphen_load(const char *path, char *message, size_t message_size) {
  FILE *file = open_dictionary(path, message, message_size);
  if (!file) return NULL;
  line_reader reader = {file, NULL, 0, 0, message, message_size};
  HyphenDict *first = new_level(), *second = new_level();
  int more = 0, status = first && second ? 0 : -1;
  if (status == 0) status = read_charset(&reader, first);
  if (status == 0) {
    memcpy(second->cset, first->cset, sizeof second->cset);
    second->utf8 = first->utf8;
    status = load_level(&reader, first, &more);
  }
  if (status == 0 && more) status = load_level(&reader, second, &more);
  if (status == 0 && !more) status = load_level(&reader, second, NULL);
  free(reader.line);
  fclose(file);
  if (status != 0) {
    if (status == -1) snprintf(message, message_size, "out of memory");
    if (first) hnj_hyphen_free(first);
    if (second) hnj_hyphen_free(second);
    return NULL;
  }
  if (more) {
    first->nextlevel = second;
    return first;
  }
  // One level in the file: it is the second, under libhyphen's default first level.
  second->nextlevel = first;
  second->lhmin = first->lhmin;
  second->rhmin = first->rhmin;
  second->clhmin = first->clhmin ? first->clhmin : (first->lhmin ? first->lhmin : 3);
  second->crhmin = first->crhmin ? first->crhmin : (first->rhmin ? first->rhmin : 3);
  return second;
}

static int same_string(const char *a, const char *b) { return (!a && !b) || (a && b && strcmp(a, b) == 0); }

/// Whether the NOHYPHEN lists (elements ended by NULs) are the same.
static int same_nohyphen(const HyphenDict *a, const HyphenDict *b) {
  if (!a->nohyphen || !b->nohyphen) return a->nohyphen == b->nohyphen;
  const char *x = a->nohyphen, *y = b->nohyphen;
  for (int i = 0; i <= a->nohyphenl; i++, x += strlen(x) + 1, y += strlen(y) + 1)
    if (strcmp(x, y) != 0) return 0;
  return 1;
}

/// Whether our state's match is libhyphen's: the same string, or for a non-standard pattern of
/// libhyphen's (whose replacement WordFit drops), its digits with the window's odd ones lowered.
static int same_match(const HyphenState *ours, const HyphenState *theirs) {
  if (ours->repl) return 0;
  if (!theirs->repl) return same_string(ours->match, theirs->match);
  if (!ours->match || !theirs->match) return ours->match == theirs->match;
  char *expected = strdup(theirs->match);
  if (!expected) return 0;
  keep_standard_digits(expected, theirs->replindex, theirs->replcut);
  int same = strcmp(expected, ours->match) == 0;
  free(expected);
  return same;
}

/// Whether two automata (and their next levels) are the same state by state, but for the
/// non-standard breaks WordFit's loader leaves out.
static int same_automaton(const HyphenDict *a, const HyphenDict *b) {
  if (!a || !b) return a == b;
  if (a->lhmin != b->lhmin || a->rhmin != b->rhmin || a->clhmin != b->clhmin || a->crhmin != b->crhmin ||
      a->nohyphenl != b->nohyphenl || a->num_states != b->num_states || a->utf8 != b->utf8 ||
      strcmp(a->cset, b->cset) != 0 || !same_nohyphen(a, b))
    return 0;
  for (int i = 0; i < a->num_states; i++) {
    const HyphenState *x = &a->states[i], *y = &b->states[i];
    if (!same_match(x, y) || x->fallback_state != y->fallback_state || x->num_trans != y->num_trans) return 0;
    for (int t = 0; t < x->num_trans; t++)
      if (x->trans[t].ch != y->trans[t].ch || x->trans[t].new_state != y->trans[t].new_state) return 0;
  }
  return same_automaton(a->nextlevel, b->nextlevel);
}

int wf_hyphen_loaders_agree(const char *path) {
  char message[256];
  HyphenDict *ours = wf_hyphen_load(path, message, sizeof message), *theirs = hnj_hyphen_load(path);
  int result = ours && theirs ? same_automaton(ours, theirs) : -1;
  if (ours) hnj_hyphen_free(ours);
  if (theirs) hnj_hyphen_free(theirs);
  return result;
}
