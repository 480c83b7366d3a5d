// Declarations copied from the tree-sitter sources that go-tree-sitter
// vendors (subtree.h, length.h, parser.h, tree.h, host.h at the version
// go.mod names; MIT licensed), for flatwalk.go's direct walk over a
// tree's subtrees. Only the layouts that walk reads are here; pointers
// it does not follow are void pointers of the same size.
// TestFlattenDirectMatchesCursor compares that walk with the public
// cursor API's on every fixture: a go-tree-sitter update that changes
// these layouts fails it.
#ifndef TREENAV_TSINTERNAL_H
#define TREENAV_TSINTERNAL_H

#include <stdint.h>
#include <stdbool.h>
#include "tsapi.h"

typedef uint16_t TSSymbol;
typedef uint16_t TSStateId;
typedef uint16_t TSFieldId;

#define TN_SYM_ERROR ((TSSymbol)-1)
#define TN_SYM_ERROR_REPEAT ((TSSymbol)-2)

#if !defined(TS_BIG_ENDIAN)
#if (defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__) \
  || (defined( __APPLE_CC__) && (defined(__ppc__) || defined(__ppc64__)))
#define TS_BIG_ENDIAN 1
#else
#define TS_BIG_ENDIAN 0
#endif
#endif

#if !defined(TS_PTR_SIZE)
#if UINTPTR_MAX == 0xFFFFFFFF
#define TS_PTR_SIZE 32
#else
#define TS_PTR_SIZE 64
#endif
#endif

typedef struct {
  uint32_t bytes;
  TSPoint extent;
} Length;

static inline Length tn_length_add(Length a, Length b) {
  Length r;
  r.bytes = a.bytes + b.bytes;
  if (b.extent.row > 0) {
    r.extent.row = a.extent.row + b.extent.row;
    r.extent.column = b.extent.column;
  } else {
    r.extent.row = a.extent.row;
    r.extent.column = a.extent.column + b.extent.column;
  }
  return r;
}

typedef struct {
  union {
    char *long_data;
    char short_data[24];
  };
  uint32_t length;
} ExternalScannerState;

#define SUBTREE_BITS    \
  bool visible : 1;     \
  bool named : 1;       \
  bool extra : 1;       \
  bool has_changes : 1; \
  bool is_missing : 1;  \
  bool is_keyword : 1;

#define SUBTREE_SIZE           \
  uint8_t padding_columns;     \
  uint8_t padding_rows : 4;    \
  uint8_t lookahead_bytes : 4; \
  uint8_t padding_bytes;       \
  uint8_t size_bytes;

#if TS_BIG_ENDIAN
#if TS_PTR_SIZE == 32
typedef struct {
  uint16_t parse_state;
  uint8_t symbol;
  SUBTREE_BITS
  bool unused : 1;
  bool is_inline : 1;
  SUBTREE_SIZE
} SubtreeInlineData;
#else
typedef struct {
  SUBTREE_SIZE
  uint16_t parse_state;
  uint8_t symbol;
  SUBTREE_BITS
  bool unused : 1;
  bool is_inline : 1;
} SubtreeInlineData;
#endif
#else
typedef struct {
  bool is_inline : 1;
  SUBTREE_BITS
  uint8_t symbol;
  uint16_t parse_state;
  SUBTREE_SIZE
} SubtreeInlineData;
#endif

#undef SUBTREE_BITS
#undef SUBTREE_SIZE

typedef struct {
  volatile uint32_t ref_count;
  Length padding;
  Length size;
  uint32_t lookahead_bytes;
  uint32_t error_cost;
  uint32_t child_count;
  TSSymbol symbol;
  TSStateId parse_state;

  bool visible : 1;
  bool named : 1;
  bool extra : 1;
  bool fragile_left : 1;
  bool fragile_right : 1;
  bool has_changes : 1;
  bool has_external_tokens : 1;
  bool has_external_scanner_state_change : 1;
  bool depends_on_column: 1;
  bool is_missing : 1;
  bool is_keyword : 1;

  union {
    struct {
      uint32_t visible_child_count;
      uint32_t named_child_count;
      uint32_t visible_descendant_count;
      int32_t dynamic_precedence;
      uint16_t repeat_depth;
      uint16_t production_id;
      struct {
        TSSymbol symbol;
        TSStateId parse_state;
      } first_leaf;
    };
    ExternalScannerState external_scanner_state;
    int32_t lookahead_char;
  };
} SubtreeHeapData;

typedef union {
  SubtreeInlineData data;
  const SubtreeHeapData *ptr;
} Subtree;

#define TN_SUBTREE_GET(self, name) ((self).data.is_inline ? (self).data.name : (self).ptr->name)

static inline TSSymbol tn_subtree_symbol(Subtree s) { return TN_SUBTREE_GET(s, symbol); }
static inline bool tn_subtree_visible(Subtree s) { return TN_SUBTREE_GET(s, visible); }
static inline bool tn_subtree_named(Subtree s) { return TN_SUBTREE_GET(s, named); }
static inline bool tn_subtree_extra(Subtree s) { return TN_SUBTREE_GET(s, extra); }
static inline uint32_t tn_subtree_child_count(Subtree s) { return s.data.is_inline ? 0 : s.ptr->child_count; }
static inline uint32_t tn_subtree_visible_child_count(Subtree s) {
  return tn_subtree_child_count(s) > 0 ? s.ptr->visible_child_count : 0;
}
static inline uint16_t tn_subtree_production_id(Subtree s) {
  return tn_subtree_child_count(s) > 0 ? s.ptr->production_id : 0;
}
// The children sit just before the subtree's heap data.
static inline const Subtree *tn_subtree_children(Subtree s) {
  return s.data.is_inline ? NULL : (const Subtree *)(s.ptr) - s.ptr->child_count;
}
static inline Length tn_subtree_padding(Subtree s) {
  if (s.data.is_inline) {
    Length r = {s.data.padding_bytes, {s.data.padding_rows, s.data.padding_columns}};
    return r;
  }
  return s.ptr->padding;
}
static inline Length tn_subtree_size(Subtree s) {
  if (s.data.is_inline) {
    Length r = {s.data.size_bytes, {0, s.data.size_bytes}};
    return r;
  }
  return s.ptr->size;
}

typedef struct {
  TSFieldId field_id;
  uint8_t child_index;
  bool inherited;
} TSFieldMapEntry;

typedef struct {
  uint16_t index;
  uint16_t length;
} TSFieldMapSlice;

typedef struct {
  bool visible;
  bool named;
  bool supertype;
} TSSymbolMetadata;

struct TSLanguage {
  uint32_t version;
  uint32_t symbol_count;
  uint32_t alias_count;
  uint32_t token_count;
  uint32_t external_token_count;
  uint32_t state_count;
  uint32_t large_state_count;
  uint32_t production_id_count;
  uint32_t field_count;
  uint16_t max_alias_sequence_length;
  const uint16_t *parse_table;
  const uint16_t *small_parse_table;
  const uint32_t *small_parse_table_map;
  const void *parse_actions;
  const char * const *symbol_names;
  const char * const *field_names;
  const TSFieldMapSlice *field_map_slices;
  const TSFieldMapEntry *field_map_entries;
  const TSSymbolMetadata *symbol_metadata;
  const TSSymbol *public_symbol_map;
  const uint16_t *alias_map;
  const TSSymbol *alias_sequences;
  /* the lexer and external scanner fields that follow are not read */
};

struct TSTree {
  Subtree root;
  const struct TSLanguage *language;
  void *included_ranges;
  unsigned included_range_count;
};

#endif
