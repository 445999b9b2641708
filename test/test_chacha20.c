#include "testutil.h"
int main(void){static const tu_test t[]={{NULL,NULL}};return tu_main("chacha20",t);}
