/* SPDX-License-Identifier: Apache-2.0 */
#include "errors.h"

#include <stdarg.h>
#include <stddef.h>

static const OSSL_ITEM reason_strings[] = {
    /* ChaCha20-Poly1305 */
    {SIMD_R_INVALID_TAG_LENGTH, "invalid tag length"},
    {SIMD_R_TAG_NOT_NEEDED, "tag not needed (encrypt makes its own)"},
    {SIMD_R_TAG_NOT_SET, "tag not set"},
    {SIMD_R_INVALID_DATA, "invalid data"},
    {SIMD_R_AAD_AFTER_DATA, "AAD after data"},
    {SIMD_R_MESSAGE_ENDED,
     "message ended: set a new IV or key before more input"},
    {SIMD_R_MESSAGE_FINISHED,
     "message finished: a new message needs a new nonce (IV)"},
    {SIMD_R_INVALID_KEY_LENGTH, "invalid key length"},
    {SIMD_R_INVALID_IV_LENGTH, "invalid iv length"},
    {SIMD_R_NO_KEY_SET, "no key set"},
    {SIMD_R_OUTPUT_BUFFER_TOO_SMALL, "output buffer too small"},
    {SIMD_R_NULL_ARGUMENT, "null argument"},
    {SIMD_R_FAILED_TO_GET_PARAMETER, "failed to get parameter"},
    {SIMD_R_FAILED_TO_SET_PARAMETER, "failed to set parameter"},
    {SIMD_R_BAD_OVERRIDE, "bad override value (ignored)"},
    {SIMD_R_ALLOCATION_FAILED, "allocation failed"},
    {SIMD_R_ALREADY_FINISHED, "already finished: a new message needs a new key"},
    {0, NULL},
};

const OSSL_ITEM *simd_reason_strings(void)
{
    return reason_strings;
}

void simd_raise(const simd_provctx *prov, const char *file, int line,
                const char *func, int reason, const char *fmt, ...)
{
    va_list ap;

    /* Without a provider context there is no core handle to report to. */
    if (prov == NULL || prov->new_error == NULL)
        return;
    prov->new_error(prov->handle);
    prov->set_error_debug(prov->handle, file, line, func);
    va_start(ap, fmt);
    prov->vset_error(prov->handle, (uint32_t)reason, fmt, ap);
    va_end(ap);
}
