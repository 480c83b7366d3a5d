// Declarations from tree-sitter's api.h (the version go-tree-sitter
// vendors), whose C code this package links against, for the C helpers of
// nav.go, startnodes.go, startdepth.go, budget.go and firsterror.go; TestNav checks that TSNode
// agrees with go-tree-sitter's view of it.
#ifndef TREENAV_TSAPI_H
#define TREENAV_TSAPI_H

#include <stdint.h>
#include <stdbool.h>

typedef struct TSTree TSTree;
typedef struct TSQueryCursor TSQueryCursor;
typedef struct { uint32_t context[4]; const void *id; const TSTree *tree; } TSNode;
typedef struct { const void *tree; const void *id; uint32_t context[3]; } TSTreeCursor;
typedef struct { uint32_t row; uint32_t column; } TSPoint;

TSTreeCursor ts_tree_cursor_new(TSNode);
void ts_tree_cursor_delete(TSTreeCursor *);
bool ts_tree_cursor_goto_first_child(TSTreeCursor *);
bool ts_tree_cursor_goto_next_sibling(TSTreeCursor *);
bool ts_tree_cursor_goto_parent(TSTreeCursor *);
TSNode ts_tree_cursor_current_node(const TSTreeCursor *);
uint32_t ts_node_start_byte(TSNode);
uint32_t ts_node_end_byte(TSNode);
TSPoint ts_node_start_point(TSNode);
TSPoint ts_node_end_point(TSNode);
uint16_t ts_node_symbol(TSNode);
bool ts_node_is_named(TSNode);
uint32_t ts_node_child_count(TSNode);
bool ts_node_is_extra(TSNode);
bool ts_node_has_error(TSNode);
bool ts_node_is_null(TSNode);
bool ts_node_is_missing(TSNode);
const char *ts_node_type(TSNode);
void ts_query_cursor_set_max_start_depth(TSQueryCursor *self, uint32_t max_start_depth);
void ts_query_cursor_set_match_limit(TSQueryCursor *self, uint32_t limit);
bool ts_query_cursor_did_exceed_match_limit(const TSQueryCursor *self);
typedef struct { TSNode node; uint32_t index; } TSQueryCapture;
typedef struct { uint32_t id; uint16_t pattern_index; uint16_t capture_count; const TSQueryCapture *captures; } TSQueryMatch;
bool ts_query_cursor_next_match(TSQueryCursor *self, TSQueryMatch *match);

#endif
