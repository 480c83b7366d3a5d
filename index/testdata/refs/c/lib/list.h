#ifndef LIST_H
#define LIST_H

struct node {
    struct node *next;
    int value;
};

#define LIST_MAX 16

int list_len(struct node *head);
void list_push(struct node **head, int value);
static int helper(int x) { return x; }

#endif
