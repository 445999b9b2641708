/* SPDX-License-Identifier: Apache-2.0 */
/* The MD5 rows of the bad-input tables (bad_input.h). */
#include <stdint.h>
#include <string.h>

#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

#include "bad_input.h"

DIGEST_ROW(d_final_15,
           o->ret = f->init(c, NULL) && f->final(c, o->out, &o->outl, 15))
DIGEST_ROW(d_final_0,
           o->ret = f->init(c, NULL) && f->final(c, o->out, &o->outl, 0))
DIGEST_ROW(d_update_after_final, {
    size_t n;

    o->ret = f->init(c, NULL) && f->update(c, msg, 70) &&
             f->final(c, o->out, &n, 16) && f->update(c, msg, 33) &&
             f->final(c, o->out + 16, &n, 16);
    o->outl = 32;
})
DIGEST_ROW(d_null_in_zero_len,
           o->ret = f->init(c, NULL) && f->update(c, NULL, 0) &&
                    f->final(c, o->out, &o->outl, 16))
DIGEST_ROW(d_init_unknown_param, {
    int v = 1;
    OSSL_PARAM p[] = {OSSL_PARAM_int("simd-no-such-param", &v),
                      OSSL_PARAM_END};

    o->ret = f->init(c, p) && f->final(c, o->out, &o->outl, 16);
})
DIGEST_ROW(d_no_init, o->ret = f->update(c, msg, 50) &&
                               f->final(c, o->out, &o->outl, 16))
DIGEST_ROW(d_dup_mid_stream, {
    void *d;
    size_t n;

    o->ret = f->init(c, NULL) && f->update(c, msg, 70) &&
             (d = f->dupctx(c)) != NULL;
    if (o->ret) {
        o->ret = f->update(c, msg, 5) && f->update(d, msg, 9) &&
                 f->final(c, o->out, &n, 16) && f->final(d, o->out + 16, &n, 16);
        f->freectx(d);
    }
    o->outl = 32;
})

static void d_get_params_unknown(const tu_digest_fns *f, outcome *o)
{
    get_unknown_param(f->get_params, 3, o);
}

static void d_get_size_as_string(const tu_digest_fns *f, outcome *o)
{
    get_size_as_string(f->get_params, OSSL_DIGEST_PARAM_SIZE, o);
}

static void d_null_ctx(const tu_digest_fns *f, outcome *o)
{
    size_t n;

    o->ret = f->init(NULL, NULL) | f->update(NULL, msg, 3) |
             f->final(NULL, o->out, &n, 16) | (f->dupctx(NULL) != NULL);
    f->freectx(NULL);
}

DIGEST_ROW(d_null_in, o->ret = f->init(c, NULL) && f->update(c, NULL, 10))
DIGEST_ROW(d_null_out, {
    size_t n;

    o->ret = f->init(c, NULL) &&
             (f->final(c, NULL, &n, 16) | f->final(c, o->out, NULL, 16));
})

static const row md5_rows[] = {
    {"final: output of 15 bytes", 0, 1, .digest = d_final_15},
    {"final: output of 0 bytes", 0, 1, .digest = d_final_0},
    {"update after final", 1, 1, .digest = d_update_after_final},
    {"update of NULL, 0 bytes", 1, 1, .digest = d_null_in_zero_len},
    {"init with an unknown param", 1, 1, .digest = d_init_unknown_param},
    {"update and final with no init", 1, 1, .digest = d_no_init},
    {"dup mid-stream, both continue", 1, 1, .digest = d_dup_mid_stream},
    {"algorithm params: unknown name", 1, 1, .digest = d_get_params_unknown},
    {"algorithm params: size as a string", 0, 1,
     .digest = d_get_size_as_string},
    {"NULL context everywhere", 0, 0, .digest = d_null_ctx},
    {"NULL input with a length", 0, 0, .digest = d_null_in},
    {"NULL output or outl", 0, 0, .digest = d_null_out},
};

const row_table md5_table = {md5_rows, SIMD_COUNT(md5_rows), NULL};
