#include "list.h"

int list_len(struct node *head) {
    int n = 0;
    for (struct node *p = head; p; p = p->next)
        n++;
    return helper(n);
}

void list_push(struct node **head, int value) {
    (void)value;
    if (list_len(*head) > LIST_MAX)
        return;
}
