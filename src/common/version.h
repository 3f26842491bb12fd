#ifndef PK_VERSION_H
#define PK_VERSION_H
#define PK_VERSION "0.1.0"
#endif
