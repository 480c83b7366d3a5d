#include "../lib/list.h"

static int helper(int x) { return x + 1; }

int main(void) {
    struct node *head = 0;
    list_push(&head, 1);
    return list_len(head) + helper(2);
}
