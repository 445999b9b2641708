/* SPDX-License-Identifier: Apache-2.0 */
/*
 * An application that knows nothing of simd: it fetches with a NULL property
 * query from the default library context and prints which provider served
 * each algorithm. Run with OPENSSL_CONF=simdprov.cnf by test_cli.sh.
 */
#include <stdio.h>

#include <openssl/evp.h>
#include <openssl/provider.h>

int main(void)
{
    EVP_CIPHER *c = EVP_CIPHER_fetch(NULL, "ChaCha20", NULL);
    EVP_MD *md5 = EVP_MD_fetch(NULL, "MD5", NULL);
    EVP_MD *sha = EVP_MD_fetch(NULL, "SHA256", NULL);

    if (c == NULL || md5 == NULL || sha == NULL)
        return 1;
    printf("ChaCha20=%s MD5=%s SHA256=%s\n",
           OSSL_PROVIDER_get0_name(EVP_CIPHER_get0_provider(c)),
           OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(md5)),
           OSSL_PROVIDER_get0_name(EVP_MD_get0_provider(sha)));
    EVP_CIPHER_free(c);
    EVP_MD_free(md5);
    EVP_MD_free(sha);
    return 0;
}
