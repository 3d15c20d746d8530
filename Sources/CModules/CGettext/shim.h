// GNU gettext, which glibc holds (no library to link): the catalogues of translated lines, and the locale that
// chooses among them. Swift's Glibc module leaves <libintl.h> out.
#include <libintl.h>
#include <locale.h>
