/* sample.h: a C header, detected as C by content. */
#ifndef SAMPLE_H
#define SAMPLE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SAMPLE_VERSION "1.0"
#define SAMPLE_API

/** Opaque handle. */
typedef struct sample sample;

/* Creates a handle. */
SAMPLE_API sample *sample_open(const char *path, int flags);
void sample_close(sample *s);
size_t sample_read(sample *s, void *buf, size_t n);

/** Flags for sample_open. */
enum sample_flags {
	SAMPLE_READ = 1 << 0,
	SAMPLE_WRITE = 1 << 1,
};

struct sample_stat {
	size_t size;
	long mtime;
};

extern const char *sample_errstr;

#ifdef __cplusplus
}
#endif

#endif /* SAMPLE_H */
