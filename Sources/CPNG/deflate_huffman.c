// DEFLATE's Huffman side (RFC 1951, 3.2): length and distance codes, length-limited Huffman
// code lengths, canonical codes, and a dynamic block's header.

#include "png_internal.h"

#include <stdlib.h>

void wf_bits_finish(wf_bits *bits) {
  while (bits->count > 0) {
    uint8_t byte = (uint8_t)bits->buffer;
    wf_out_bytes(bits->out, &byte, 1);
    bits->buffer >>= 8;
    bits->count = bits->count > 8 ? bits->count - 8 : 0;
  }
  bits->buffer = 0;
}

const uint16_t wf_length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                     31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
const uint8_t wf_length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                     2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
const uint16_t wf_distance_base[30] = {1,    2,    3,    4,    5,    7,     9,     13,    17,  25,
                                       33,   49,   65,   97,   129,  193,   257,   385,   513, 769,
                                       1025, 1537, 2049, 3073, 4097, 6145,  8193,  12289, 16385, 24577};
const uint8_t wf_distance_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                       6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

int wf_length_symbol(int length) {
  WF_ASSERT(length >= 3 && length <= 258);  // Invariant 2: matches are 3 … 258 bytes.
  int symbol = 28;
  while (wf_length_base[symbol] > length) symbol--;
  return symbol;
}

int wf_distance_symbol(int distance) {
  WF_ASSERT(distance >= 1 && distance <= 32768);  // Invariant 3: within DEFLATE's 32 KiB window.
  int symbol = 29;
  while (wf_distance_base[symbol] > distance) symbol--;
  return symbol;
}

/// Sorts `count` (at most 320) leaves, `weight << 16 | symbol`, ascending: by weight, then by
/// symbol, so equal inputs give equal trees. The keys are distinct, so the order is the one any
/// sort gives; a least-significant-byte-first radix sort over the bytes that differ between
/// keys finds it without qsort's comparator calls and temporary buffer.
static void wf_sort_leaves(uint64_t *leaves, int count) {
  uint64_t scratch[320], all_or = 0, all_and = ~(uint64_t)0;
  for (int i = 0; i < count; i++) all_or |= leaves[i], all_and &= leaves[i];
  uint64_t *from = leaves, *to = scratch;
  for (int shift = 0; shift < 64; shift += 8) {
    if ((((all_or ^ all_and) >> shift) & 0xFF) == 0) continue;  // every key has this byte
    int start[257] = {0};
    for (int i = 0; i < count; i++) start[((from[i] >> shift) & 0xFF) + 1]++;
    for (int digit = 0; digit < 256; digit++) start[digit + 1] += start[digit];
    for (int i = 0; i < count; i++) to[start[(from[i] >> shift) & 0xFF]++] = from[i];
    uint64_t *swap = from;
    from = to;
    to = swap;
  }
  if (from != leaves) memcpy(leaves, from, (size_t)count * sizeof leaves[0]);
}

/// One Huffman tree over `used` leaves sorted by weight (weight << 16 | symbol): each leaf's
/// depth into `lengths`; returns the deepest. Two queues (the sorted leaves, the merged nodes in
/// the order made, which is increasing weight), so each merge takes the lighter fronts.
static int wf_huffman_tree(const uint64_t *leaves, int used, uint8_t *lengths) {
  uint64_t weight[640];
  int parent[640], depth[640];
  for (int i = 0; i < used; i++) weight[i] = leaves[i] >> 16;
  int next_leaf = 0, next_merged = used, nodes = used;
  for (int merges = 0; merges < used - 1; merges++) {
    int pick[2];
    for (int k = 0; k < 2; k++) {
      int take_leaf = next_leaf < used && (next_merged >= nodes || weight[next_leaf] <= weight[next_merged]);
      pick[k] = take_leaf ? next_leaf++ : next_merged++;
    }
    weight[nodes] = weight[pick[0]] + weight[pick[1]];
    parent[pick[0]] = parent[pick[1]] = nodes;
    nodes++;
  }
  // The root is the last node; parents come after their children.
  depth[nodes - 1] = 0;
  int deepest = 0;
  for (int node = nodes - 2; node >= 0; node--) {
    depth[node] = depth[parent[node]] + 1;
    if (node >= used) continue;
    lengths[leaves[node] & 0xFFFF] = (uint8_t)depth[node];
    if (depth[node] > deepest) deepest = depth[node];
  }
  return deepest;
}

#ifdef WF_DEBUG
/// Invariant 4: a complete prefix code (Kraft sum exactly 1), or one symbol of length 1.
static void wf_check_kraft(const uint8_t *lengths, int count, int limit) {
  uint64_t sum = 0;
  int used = 0;
  for (int i = 0; i < count; i++) {
    WF_ASSERT(lengths[i] <= limit);
    if (lengths[i]) sum += (uint64_t)1 << (limit - lengths[i]), used++;
  }
  WF_ASSERT(used <= 1 || sum == (uint64_t)1 << limit);
}
#endif

void wf_huffman_lengths(const uint32_t *frequencies, int count, int limit, uint8_t *lengths) {
  WF_ASSERT(count > 0 && count <= 320 && limit >= 1 && limit <= 15);
  uint32_t scaled[320];
  for (int i = 0; i < count; i++) scaled[i] = frequencies[i];
  for (;;) {
    uint64_t leaves[320];
    int used = 0;
    for (int i = 0; i < count; i++) {
      lengths[i] = 0;
      if (scaled[i]) leaves[used++] = (uint64_t)scaled[i] << 16 | (uint64_t)i;
    }
    if (used == 0) return;
    if (used == 1) {
      lengths[leaves[0] & 0xFFFF] = 1;
      return;
    }
    WF_ASSERT(used <= 1 << limit);  // more symbols than `limit` bits can tell apart: no code exists
    wf_sort_leaves(leaves, used);
    if (wf_huffman_tree(leaves, used, lengths) <= limit) break;
    // Too deep: flatten the weights and build again (each halving shortens the deepest path).
    for (int i = 0; i < count; i++)
      if (scaled[i]) scaled[i] = scaled[i] / 2 + 1;
  }
#ifdef WF_DEBUG
  wf_check_kraft(lengths, count, limit);
#endif
}

/// Canonical codes for `lengths` (RFC 1951, 3.2.2), bit-reversed for the stream.
static void wf_canonical(const uint8_t *lengths, int count, uint32_t *codes) {
  int length_count[16] = {0};
  for (int i = 0; i < count; i++) length_count[lengths[i]]++;
  length_count[0] = 0;
  uint32_t next[16] = {0};
  uint32_t code = 0;
  for (int bits = 1; bits < 16; bits++) {
    code = (code + (uint32_t)length_count[bits - 1]) << 1;
    next[bits] = code;
  }
  for (int i = 0; i < count; i++) codes[i] = lengths[i] ? wf_reverse_bits(next[lengths[i]]++, lengths[i]) : 0;
}

/// The literal/length then distance code lengths, run-length coded with 16 (repeat the previous
/// 3 … 6 times), 17 (3 … 10 zeros) and 18 (11 … 138 zeros): symbols and their extra bits.
static int wf_code_length_runs(const uint8_t *all, int total, uint8_t *runs, uint8_t *extra) {
  int count = 0;
  for (int i = 0; i < total;) {
    int value = all[i], repeat = 1;
    while (i + repeat < total && all[i + repeat] == value) repeat++;
    if (value == 0 && repeat >= 3) {
      int take = repeat > 138 ? 138 : repeat;
      runs[count] = take >= 11 ? 18 : 17;
      extra[count++] = (uint8_t)(take - (take >= 11 ? 11 : 3));
      i += take;
    } else if (value != 0 && repeat >= 4) {
      int take = repeat - 1 > 6 ? 6 : repeat - 1;
      runs[count] = (uint8_t)value;
      extra[count++] = 0;
      runs[count] = 16;
      extra[count++] = (uint8_t)(take - 3);
      i += 1 + take;
    } else {
      runs[count] = (uint8_t)value;
      extra[count++] = 0;
      i++;
    }
  }
  return count;
}

/// Writes the header's code-length code and the run-length coded code lengths.
static void wf_write_code_lengths(wf_bits *bits, const uint8_t *all, int hlit, int hdist, int final) {
  static const uint8_t order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
  static const uint8_t extra_bits[19] = {[16] = 2, [17] = 3, [18] = 7};
  uint8_t runs[316], extra[316];
  int run_count = wf_code_length_runs(all, hlit + hdist, runs, extra);
  uint32_t frequency[19] = {0};
  for (int i = 0; i < run_count; i++) frequency[runs[i]]++;
  uint8_t lengths[19];
  uint32_t codes[19];
  wf_huffman_lengths(frequency, 19, 7, lengths);
  wf_canonical(lengths, 19, codes);
  int hclen = 19;
  while (hclen > 4 && lengths[order[hclen - 1]] == 0) hclen--;
  wf_bits_put(bits, final ? 1 : 0, 1);
  wf_bits_put(bits, 2, 2);  // dynamic Huffman codes
  wf_bits_put(bits, (uint32_t)(hlit - 257), 5);
  wf_bits_put(bits, (uint32_t)(hdist - 1), 5);
  wf_bits_put(bits, (uint32_t)(hclen - 4), 4);
  for (int i = 0; i < hclen; i++) wf_bits_put(bits, lengths[order[i]], 3);
  for (int i = 0; i < run_count; i++) {
    wf_bits_put(bits, codes[runs[i]], lengths[runs[i]]);
    if (extra_bits[runs[i]]) wf_bits_put(bits, extra[i], extra_bits[runs[i]]);
  }
}

void wf_write_block_header(wf_bits *bits, uint32_t *literal_frequency, uint32_t *distance_frequency, int final,
                           wf_block_codes *codes) {
  literal_frequency[256] = 1;  // the end-of-block code
  int any_distance = 0;
  for (int i = 0; i < 30; i++) any_distance |= distance_frequency[i] != 0;
  if (!any_distance) distance_frequency[0] = 1;  // a block must declare at least one distance code
  wf_huffman_lengths(literal_frequency, 286, 15, codes->literal_lengths);
  wf_huffman_lengths(distance_frequency, 30, 15, codes->distance_lengths);
  wf_canonical(codes->literal_lengths, 286, codes->literal_codes);
  wf_canonical(codes->distance_lengths, 30, codes->distance_codes);
  int hlit = 286, hdist = 30;
  while (hlit > 257 && codes->literal_lengths[hlit - 1] == 0) hlit--;
  while (hdist > 1 && codes->distance_lengths[hdist - 1] == 0) hdist--;
  uint8_t all[316];
  memcpy(all, codes->literal_lengths, (size_t)hlit);
  memcpy(all + hlit, codes->distance_lengths, (size_t)hdist);
  wf_write_code_lengths(bits, all, hlit, hdist, final);
}
