/* SPDX-License-Identifier: Apache-2.0 */
/*
 * One EVP MD5 update of LEN bytes through one provider (default: the
 * target's own libcrypto; simd: this module, OPENSSL_MODULES pointing at
 * the build), for counting the instructions each side runs under qemu,
 * provider glue included (tools/count-md5-evp-qemu.sh). Everything but the
 * update is the same for every LEN, so the count at LEN minus the count at
 * 0 is what the update costs.
 * Usage: evp_md5_once LEN [default|simd]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/provider.h>

static unsigned char in[1 << 20];

int main(int argc, char **argv)
{
    const char *prov = argc > 2 ? argv[2] : "default";
    unsigned char md[16];
    char query[64];
    unsigned int n = 0;
    int len;
    EVP_MD_CTX *ctx;
    EVP_MD *md5;

    if (argc < 2 || argc > 3 || (len = atoi(argv[1])) < 0 || len > (int)sizeof(in))
        return 2;
    snprintf(query, sizeof(query), "provider=%s", prov);
    if (OSSL_PROVIDER_load(NULL, "default") == NULL ||
        (strcmp(prov, "default") != 0 && OSSL_PROVIDER_load(NULL, prov) == NULL))
        return 1;
    ctx = EVP_MD_CTX_new();
    md5 = EVP_MD_fetch(NULL, "MD5", query);
    if (ctx == NULL || md5 == NULL || !EVP_DigestInit_ex2(ctx, md5, NULL))
        return 1;
    if (!EVP_DigestUpdate(ctx, in, (size_t)len) || !EVP_DigestFinal_ex(ctx, md, &n))
        return 1;
    printf("%u %02x%02x\n", n, md[0], md[1]);
    EVP_MD_CTX_free(ctx);
    EVP_MD_free(md5);
    return 0;
}
