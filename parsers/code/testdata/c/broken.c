/* Syntax errors: whatever parsed is kept. */
struct ok { int a; };

int good(void) { return 1; }

int broken(int x {
	return x +;
}

struct half {
	int a
	int b;
};

static int after_error = 3;

void still_found(void)
{
	if (x) {
}

int last(void) { return 0; }
