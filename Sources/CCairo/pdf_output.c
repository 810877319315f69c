// The edited PDF stream behind pdf_output.h (see there).

#include "pdf_output.h"

#include <stdlib.h>
#include <string.h>

// Long enough for a resources line naming every image of a sheet (cairo 1.16 writes one
// `/XObject << … >>` line); longer lines are binary data, passed through as they come.
enum { LINE_CAPACITY = 1 << 16 };

typedef struct {
  long position;  // where, in cairo's bytes: bytes from here on move
  long moved;     // by how much, counting every edit up to this one
} edit;

struct wf_pdf_output {
  FILE *file;
  double bleed;
  int failed;
  unsigned char line[LINE_CAPACITY];
  int length;
  long input;  // cairo's bytes so far (before the line being gathered)
  edit *edits;
  size_t edit_count, edit_capacity;
  long total_change;
  int skipping, in_page, in_xref, after_startxref, after_trailer;
  uint64_t hash[2];
};

wf_pdf_output *wf_pdf_output_create(FILE *file, double bleed) {
  wf_pdf_output *output = calloc(1, sizeof(wf_pdf_output));
  if (output == NULL) return NULL;
  output->file = file;
  output->bleed = bleed;
  output->hash[0] = 0xcbf29ce484222325ULL;  // FNV-1a's offset basis, and another for the second half
  output->hash[1] = 0x84222325cbf29ce4ULL;
  return output;
}

static void hash(wf_pdf_output *output, const unsigned char *bytes, size_t count);

static void emit(wf_pdf_output *output, const void *bytes, size_t count) {
  if (!output->after_trailer) hash(output, bytes, count);
  if (count > 0 && fwrite(bytes, 1, count, output->file) != count) output->failed = 1;
}

/// Records that bytes from cairo's `position` on move by `change` more.
static void record(wf_pdf_output *output, long position, long change) {
  if (output->edit_count == output->edit_capacity) {
    size_t grown = output->edit_capacity ? output->edit_capacity * 2 : 1024;
    edit *larger = realloc(output->edits, grown * sizeof(edit));
    if (larger == NULL) {
      output->failed = 1;
      return;
    }
    output->edits = larger;
    output->edit_capacity = grown;
  }
  output->total_change += change;
  output->edits[output->edit_count++] = (edit){position, output->total_change};
}

/// Where cairo's byte `position` ends up: moved by the edits before it (binary search).
static long moved(const wf_pdf_output *output, long position) {
  size_t low = 0, high = output->edit_count;
  while (low < high) {
    size_t middle = (low + high) / 2;
    if (output->edits[middle].position <= position) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  return position + (low > 0 ? output->edits[low - 1].moved : 0);
}

static int starts(const unsigned char *line, int length, const char *prefix) {
  size_t count = strlen(prefix);
  return (size_t)length >= count && memcmp(line, prefix, count) == 0;
}

static void hash(wf_pdf_output *output, const unsigned char *bytes, size_t count) {
  for (size_t index = 0; index < count; index++) {
    output->hash[0] = (output->hash[0] ^ bytes[index]) * 0x100000001b3ULL;
    output->hash[1] = (output->hash[1] ^ bytes[index]) * 0x100000001b3ULL ^ (output->hash[0] >> 29);
  }
}

/// `value` to 1/10,000 point without trailing zeros, as cairo writes numbers.
static void number(char text[32], double value) {
  snprintf(text, 32, "%.4f", value);
  char *end = text + strlen(text) - 1;
  while (end > text && *end == '0') *end-- = 0;
  if (*end == '.') *end = 0;
  if (strcmp(text, "-0") == 0) strcpy(text, "0");
}

/// A page's boxes after its MediaBox line `[ 0 0 W H ]`, which ends at cairo's `end`.
static void add_boxes(wf_pdf_output *output, const unsigned char *line, int length, long end) {
  char text[LINE_CAPACITY + 1];
  memcpy(text, line, (size_t)length);
  text[length] = 0;
  double x0, y0, x1, y1;
  if (sscanf(text, " /MediaBox [ %lf %lf %lf %lf ]", &x0, &y0, &x1, &y1) != 4) return;
  char numbers[8][32];
  double b = output->bleed, values[8] = {x0 + b, y0 + b, x1 - b, y1 - b, x0, y0, x1, y1};
  for (int index = 0; index < 8; index++) number(numbers[index], values[index]);
  char boxes[256];
  int count = snprintf(
      boxes, sizeof boxes, "   /TrimBox [ %s %s %s %s ]\n   /BleedBox [ %s %s %s %s ]\n", numbers[0], numbers[1],
      numbers[2], numbers[3], numbers[4], numbers[5], numbers[6], numbers[7]);
  emit(output, boxes, (size_t)count);
  record(output, end, count);
}

/// Whether the entries written so far (`unique`, space-separated) hold the key `name`.
static int has_key(const char *unique, const char *name) {
  size_t size = strlen(name);
  for (const char *at = strstr(unique, name); at != NULL; at = strstr(at + 1, name))
    if (at[-1] == ' ' && at[size] == ' ') return 1;
  return 0;
}

/// A `/XObject << /x6 6 0 R /x6 6 0 R … >>` line with each name once: cairo 1.16 lists an image
/// again for every time a page draws it (a logo on every badge of a sheet), and a dictionary
/// with a key twice fails `qpdf --check`. Returns 1 when the line was written here.
static int emit_unique_xobjects(wf_pdf_output *output, const unsigned char *line, int length, long end) {
  static const char prefix[] = "   /XObject << ";
  if (!starts(line, length, prefix) || length < 20 || memcmp(line + length - 4, " >>\n", 4) != 0) return 0;
  char *text = malloc((size_t)length + 1), *unique = malloc((size_t)length + 1);
  if (text == NULL || unique == NULL) {
    free(text);
    free(unique);
    return 0;
  }
  memcpy(text, line, (size_t)length);
  text[length - 4] = 0;
  size_t used = strlen(prefix);
  memcpy(unique, prefix, used + 1);
  char *saveptr = NULL, *name = strtok_r(text + used, " ", &saveptr);
  while (name != NULL) {
    char *number = strtok_r(NULL, " ", &saveptr), *generation = strtok_r(NULL, " ", &saveptr);
    char *reference = strtok_r(NULL, " ", &saveptr);
    if (number == NULL || generation == NULL || reference == NULL) break;
    if (!has_key(unique, name)) {
      used += (size_t)snprintf(
          unique + used, (size_t)length + 1 - used, "%s %s %s %s ", name, number, generation, reference);
    }
    name = strtok_r(NULL, " ", &saveptr);
  }
  used += (size_t)snprintf(unique + used, (size_t)length + 1 - used, ">>\n");
  emit(output, unique, used);
  if ((long)used != length) record(output, end, (long)used - length);
  free(text);
  free(unique);
  return 1;
}

static int equals(const unsigned char *line, int length, const char *text) {
  return (size_t)length == strlen(text) && memcmp(line, text, (size_t)length) == 0;
}

/// A cross-reference entry (`OOOOOOOOOO GGGGG n \n`) with its offset moved.
static void emit_entry(wf_pdf_output *output, const unsigned char *line, int length) {
  if (length != 20 || line[17] != 'n') return emit(output, line, (size_t)length);
  char text[11];
  memcpy(text, line, 10);
  text[10] = 0;
  char entry[32];
  int count = snprintf(entry, sizeof entry, "%010ld%.10s", moved(output, atol(text)), (const char *)line + 10);
  emit(output, entry, (size_t)count);
}

/// One whole line of cairo's output (with its newline): passed on, edited or dropped.
static void take_line(wf_pdf_output *output, const unsigned char *line, int length) {
  long start = output->input, end = start + length;
  if (output->in_xref && length == 20) {
    emit_entry(output, line, length);
  } else if (output->after_startxref) {
    output->after_startxref = 0;
    char text[LINE_CAPACITY + 1];
    memcpy(text, line, (size_t)length);
    text[length] = 0;
    fprintf(output->file, "%ld\n", moved(output, atol(text)));
  } else if (starts(line, length, "   /CreationDate (")) {
    record(output, end, -length);
  } else if (output->after_trailer && starts(line, length, "<< /Size ")) {
    char id[96];
    int count = snprintf(
        id, sizeof id, "<< /ID [<%016llx%016llx> <%016llx%016llx>]\n   ", (unsigned long long)output->hash[0],
        (unsigned long long)output->hash[1], (unsigned long long)output->hash[0], (unsigned long long)output->hash[1]);
    emit(output, id, (size_t)count);
    emit(output, line + 3, (size_t)length - 3);
  } else if (!emit_unique_xobjects(output, line, length, end)) {
    emit(output, line, (size_t)length);
    if (starts(line, length, "<< /Type /Page %")) output->in_page = 1;
    if (output->in_page && starts(line, length, "   /MediaBox [")) {
      add_boxes(output, line, length, end);
      output->in_page = 0;
    }
    if (equals(line, length, "xref\n")) output->in_xref = 1;
    if (equals(line, length, "trailer\n")) output->in_xref = 0, output->after_trailer = 1;
    if (equals(line, length, "startxref\n")) output->after_startxref = 1;
  }
  output->input = end;
}

int wf_pdf_output_write(void *closure, const unsigned char *data, unsigned int length) {
  wf_pdf_output *output = closure;
  unsigned int index = 0;
  while (index < length) {
    if (output->skipping) {
      // The rest of a long line (binary data): through as it is, up to its newline.
      const unsigned char *newline = memchr(data + index, '\n', length - index);
      unsigned int end = newline ? (unsigned int)(newline - data) + 1 : length;
      emit(output, data + index, end - index);
      output->input += end - index;
      output->skipping = newline == NULL;
      index = end;
      continue;
    }
    unsigned char byte = data[index++];
    output->line[output->length++] = byte;
    if (byte == '\n') {
      take_line(output, output->line, output->length);
      output->length = 0;
    } else if (output->length == LINE_CAPACITY) {
      emit(output, output->line, LINE_CAPACITY);
      output->input += LINE_CAPACITY;
      output->length = 0;
      output->skipping = 1;
    }
  }
  return output->failed ? 11 /* CAIRO_STATUS_WRITE_ERROR */ : 0;
}

int wf_pdf_output_close(wf_pdf_output *output) {
  if (output->length > 0) take_line(output, output->line, output->length);
  int failed = output->failed;
  if (fclose(output->file) != 0) failed = 1;
  free(output->edits);
  free(output);
  return failed ? -1 : 0;
}
