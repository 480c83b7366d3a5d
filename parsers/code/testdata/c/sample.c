/*
 * sample.c: every C construct the extractor knows.
 */
#include <stdio.h>
#include "sample.h"

/* Object-like macro. */
#define BUFSIZE 4096
#define EMPTY
// Function-like macro spanning lines.
#define MAX(a, b) \
	((a) > (b) ? (a) : (b))

/** A point in the plane. */
struct point {
	int x, y;            /* coordinates */
	struct point *next;  /* list link */
};

/* Anonymous struct named by its typedef. */
typedef struct {
	const char *name;
	int (*handler)(int argc, char **argv);
} command_t;

/* Named struct and typedef together: siblings, not parent and child. */
typedef struct list_node {
	struct list_node *next;
	void *value;
} list_node_t, *list_node_p;

/* Same name for tag and typedef: one symbol. */
typedef struct buffer {
	char data[BUFSIZE];
	size_t len;
} buffer;

typedef struct opaque opaque_t;
typedef unsigned long ulong;
typedef int (*compare_fn)(const void *, const void *);
typedef char name_t[32];

union value {
	long i;
	double d;
	struct { int lo, hi; } pair;
};

/* Colours. */
enum color {
	RED,       /* first */
	GREEN = 2,
	BLUE
};

typedef enum { MODE_A, MODE_B } mode_t2;

struct config {
	int verbose : 1;
	enum { LOW, HIGH } level;
	union { int fd; void *handle; };
	int (*callback)(void *ctx);
	char name[64];
} global_config;

/* Globals. */
int counter, limit = 10;
extern int errno_like;
static const char *const month_names[] = {"jan", "feb"};
const double pi = 3.14159;
static char *scratch;
int (*dispatch[4])(int);
struct point origin = {0, 0};

/* Prototypes. */
int parse(const char *s, size_t n);
static void *xmalloc(size_t n);
char **split(char *s, int *count);
void (*set_handler(int sig, void (*fn)(int)))(int);
__attribute__((noreturn)) void fatal(const char *msg);

/**
 * Adds two numbers.
 * Multi-line doc.
 */
static inline int
add(int a, int b)
{
	return a + b;
}

// Returns a static buffer.
const char *
greeting(void)
{
	static char buf[16];
	struct local { int n; } l;
	int unused;
	l.n = 0;
	(void)unused;
	return buf;
}

/* K&R definition. */
int
old_style(a, b)
	int a;
	char *b;
{
	return a;
}

#ifdef HAVE_FEATURE
void feature_on(void) {}
#elif defined(OTHER)
void feature_other(void) {}
#else
void feature_off(void) {}
#endif

#if 0
int disabled(void) { return 0; }
#endif

int main(int argc, char **argv)
{
	int local_var = add(1, 2);
	return local_var;
}
