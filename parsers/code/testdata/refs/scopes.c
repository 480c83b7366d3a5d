#include <stdio.h>
#include "util/list.h"

/* Counts nodes of a list_t, see list_push. */
struct node {
    struct node *next;
    int value;
};

static int total;

int count(struct node *head, int limit) {
    int n = 0;
    for (struct node *p = head; p; p = p->next) {
        n += p->value;
        if (n > limit || n > MAX_COUNT)
            break;
    }
    list_t items[LIST_SIZE];
    size_t len = sizeof(struct node);
    total = n;
    log_info("count %d", n);
    return helper(n, &items[0], len) + total;
}

void visit(struct node *root, void (*fn)(struct node *, void *ctx), void *ctx);

typedef struct point { int x, y; } point_t;

int norm(point_t pt) {
    point_t *q = &pt;
    return q->x * pt.y + origin.x;
}
