/* SPDX-License-Identifier: Apache-2.0 */
#include <stdio.h>

#include "glue.h"
#include "kernels.h"
#include "shapes.h"

/* The glue's cost over the kernel at these update sizes. */
static const size_t glue_sizes[] = {64, 512, 1024};

/* Per update, what each side's glue adds to B's ChaCha20 kernel: the kernel
 * alone on N bytes in place against the same bytes through EVP (IV re-init +
 * update, as the sweep) on A and on B, in one interleaved trial. OpenSSL's
 * own kernel is not exported, so A's figure is over simd's kernel: it is
 * default's glue plus any difference between the two kernels. */
void bench_glue(const side *a, const side *b, const run_opts *o)
{
    trial tr;
    char name[32];

    if (b->kernel == NULL)
        return; /* B is not simd: no kernel to subtract */
    for (size_t i = 0; i < sizeof(glue_sizes) / sizeof(glue_sizes[0]); i++) {
        shape evp = {"", "", CHACHA_IV_UPDATE, 1, glue_sizes[i], 0};
        shape_run ra = {a, &evp}, rb = {b, &evp};
        kernel_run kr = {SIMD_ALG_CHACHA20, b->kernel, glue_sizes[i], 1};
        const timed t[3] = {
            {time_kernel, &kr}, {time_shape, &ra}, {time_shape, &rb}};

        snprintf(name, sizeof(name), "ChaCha20 glue %zu", glue_sizes[i]);
        if (!selected(o, name))
            continue;
        run_row(&tr, t, 3, o, name);
        snprintf(name, sizeof(name), "%zu", glue_sizes[i]);
        add_row(ROW_GLUE, b->kernel->name, name, (double)glue_sizes[i], &tr);
    }
}
