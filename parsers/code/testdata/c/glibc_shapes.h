/* Shapes from glibc and library headers that the grammar misreads unless
   the preprocessing step or cFixup helps (cmd/fidelity found them).  */
#ifndef GLIBC_SHAPES_H
#define GLIBC_SHAPES_H 1

extern int abs (int __x) __THROW __attribute__ ((__const__)) __wur;

extern size_t regerror (int __errcode, const regex_t *_Restrict_ __preg,
			char *_Restrict_ __errbuf, size_t __errbuf_size)
    _Attr_access_ ((__write_only__, 3, 4));

extern void regfree (regex_t *__preg);

extern int __REDIRECT (fscanf, (FILE *__restrict __stream,
				const char *__restrict __format, ...),
		       __isoc99_fscanf) __wur;
extern int __REDIRECT_NTH (strerror_r,
			   (int __errnum, char *__buf, size_t __buflen),
			   __xpg_strerror_r) __nonnull ((2))
    __attr_access ((__write_only__, 2, 3));

extern NCURSES_EXPORT(int) NCURSES_SP_NAME(cbreak) (SCREEN*);
BZ_EXTERN int BZ_API(BZ2_bzRead) (
      int*    bzerror,
      int     len
   );

ZEXTERN char * ZEXPORT gzgets OF((gzFile file, char *buf, int len));

XMLPARSEAPI(void *)
XML_ATTR_MALLOC
XML_ATTR_ALLOC_SIZE(2)
XML_MemMalloc(XML_Parser parser, size_t size);

TS_PUBLIC void (*ts_current_free)(void *);

typedef struct gcry_mpi *GCRY_MPI _GCRY_GCC_ATTR_DEPRECATED;
typedef PNG_CALLBACK(void, *png_rw_ptr, (png_structp, png_bytep, size_t));

struct re_pattern_buffer
{
  struct re_dfa_t *__REPB_PREFIX(buffer);
  unsigned short int __ctx(significand)[4];
};

#endif /* GLIBC_SHAPES_H */
