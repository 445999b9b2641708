/* SPDX-License-Identifier: Apache-2.0 */
#define _GNU_SOURCE /* strndup, strncasecmp */
#include "kat_data.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char *const kat_kind_name[KAT_NKINDS] = {"ChaCha20", "Poly1305",
                                               "ChaCha20-Poly1305", "MD5"};

const kat_file kat_files[] = {
    {"rfc8439.txt", "evp", "RFC 8439"},
    {"wycheproof/testvectors_v1/chacha20_poly1305_test.json", "wycheproof-v1",
     "Wycheproof"},
    {"pyca/ciphers/ChaCha20/rfc7539.txt", "nist-chacha20", "pyca"},
    {"pyca/ciphers/ChaCha20Poly1305/openssl.txt", "nist-aead", "pyca"},
    {"pyca/ciphers/ChaCha20Poly1305/boringssl.txt", "nist-aead", "pyca"},
    {"pyca/poly1305/rfc7539.txt", "nist-poly1305", "pyca"},
    {"pyca/hashes/MD5/rfc-1321.txt", "nist-md5", "pyca"},
    {"openssl/evpciph_chacha.txt", "evp", "OpenSSL"},
    {"openssl/evpmac_poly1305.txt", "evp", "OpenSSL"},
    {"openssl/evpmd_md.txt", "evp", "OpenSSL"},
    {"linux/testmgr.txt", "evp", "Linux testmgr.h"},
};
const size_t kat_nfiles = sizeof(kat_files) / sizeof(kat_files[0]);

/* --- Small helpers --- */

static int fail(const char *where, const char *what)
{
    fprintf(stderr, "kat_data: %s: %s\n", where, what);
    return 0;
}

static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long n;

    if (f == NULL)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 &&
        fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)n + 1)) != NULL) {
        if (fread(buf, 1, (size_t)n, f) != (size_t)n) {
            free(buf);
            buf = NULL;
        } else {
            buf[n] = '\0';
            *len = (size_t)n;
        }
    }
    fclose(f);
    return buf;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = tolower(c);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* A value: "quoted text" (bytes as written) or hex (possibly empty). */
static int decode(const char *s, size_t len, kat_buf *out)
{
    free(out->p);
    out->p = malloc(len + 1);
    out->n = 0;
    if (out->p == NULL)
        return 0;
    if (len >= 2 && s[0] == '"' && s[len - 1] == '"') {
        memcpy(out->p, s + 1, len - 2);
        out->n = len - 2;
        return 1;
    }
    if (len % 2 != 0)
        return 0;
    for (size_t i = 0; i < len; i += 2) {
        int hi = hexval((unsigned char)s[i]), lo = hexval((unsigned char)s[i + 1]);

        if (hi < 0 || lo < 0)
            return 0;
        out->p[out->n++] = (uint8_t)(hi << 4 | lo);
    }
    return 1;
}

static int push(kat_set *set, kat_vector *v)
{
    if (set->n == set->cap) {
        size_t cap = set->cap ? set->cap * 2 : 256;
        kat_vector *nv = realloc(set->v, cap * sizeof(*nv));

        if (nv == NULL)
            return 0;
        set->v = nv;
        set->cap = cap;
    }
    set->v[set->n++] = *v;
    memset(v, 0, sizeof(*v));
    return 1;
}

static void clear_vector(kat_vector *v)
{
    free(v->key.p);
    free(v->iv.p);
    free(v->aad.p);
    free(v->in.p);
    free(v->out.p);
    free(v->tag.p);
    memset(v, 0, sizeof(*v));
}

/* --- Stanza formats (OpenSSL evp tests, pyca's NIST-like files) --- */

#define MAX_FIELDS 16

typedef struct {
    const char *name, *val;
    size_t nlen, vlen;
} field;

/* Checks what the fields of one stanza say and adds the vector. kind < 0:
 * the first field names the algorithm (evp format). */
static int stanza(kat_set *set, size_t file, int kind, const field *f,
                  size_t nf, unsigned line)
{
    kat_vector v;
    const char *result = NULL, *operation = NULL;
    size_t resultlen = 0;
    long counter = -1, bits = -1;
    int have_iv = 0, have_tag = 0, have_in = 0, skip = 0, ok = 1;
    size_t start = 0;

    memset(&v, 0, sizeof(v));
    snprintf(v.where, sizeof(v.where), "%s:%u", kat_files[file].path, line);
    if (kind < 0) {
        /* The algorithm line: Cipher/MAC/Digest = name; others skip. */
        start = 1;
#define IS(s, lit) (strlen(lit) == s##len && strncasecmp(s, lit, s##len) == 0)
        /* "Availablein = legacy" may come first: only in front of the
         * algorithms this suite does not read (MD2, MD4, ...). */
        int cond = nf > 1 && f[0].nlen == 11 &&
                   strncasecmp(f[0].name, "Availablein", 11) == 0;
        const char *name = f[cond].name, *val = f[cond].val;
        size_t namelen = f[cond].nlen, vallen = f[cond].vlen;

        start = 1 + (size_t)cond;

        if (IS(name, "Cipher") && IS(val, "chacha20"))
            kind = KAT_CHACHA20;
        else if (IS(name, "Cipher") && IS(val, "chacha20-poly1305"))
            kind = KAT_AEAD;
        else if (IS(name, "MAC") &&
                 (IS(val, "Poly1305") || IS(val, "Poly1305 by EVP_PKEY")))
            kind = KAT_POLY1305;
        else if (IS(name, "Digest") && IS(val, "MD5"))
            kind = KAT_MD5;
        else if (IS(name, "Title") || IS(name, "Digest"))
            skip = 1; /* titles; the other digests of evpmd_md.txt */
        else
            return fail(v.where, "stanza of unknown algorithm");
        if (skip)
            return 1;
        if (cond)
            return fail(v.where, "availability condition on a read vector");
    }
    v.kind = (kat_kind)kind;
    v.file = file;
    v.valid = 1;
    for (size_t i = start; i < nf && ok; i++) {
        const char *name = f[i].name, *val = f[i].val;
        size_t namelen = f[i].nlen, vallen = f[i].vlen;

        if (IS(name, "COUNT") || IS(name, "NoReinit"))
            continue;
        if (IS(name, "KEY"))
            ok = decode(val, vallen, &v.key);
        else if (IS(name, "IV") || IS(name, "NONCE"))
            ok = decode(val, vallen, &v.iv), have_iv = 1;
        else if (IS(name, "AAD") || IS(name, "AD"))
            ok = decode(val, vallen, &v.aad);
        else if (IS(name, "Plaintext") || IS(name, "IN") ||
                 IS(name, "Input") || IS(name, "MSG"))
            ok = decode(val, vallen, &v.in), have_in = 1;
        else if (IS(name, "Ciphertext") || IS(name, "CT"))
            ok = decode(val, vallen, &v.out), v.has_out = 1;
        else if (IS(name, "Tag") || IS(name, "Output") || IS(name, "MD"))
            ok = decode(val, vallen, &v.tag), have_tag = 1;
        else if (IS(name, "INITIAL_BLOCK_COUNTER"))
            counter = strtol(val, NULL, 10);
        else if (IS(name, "Len"))
            bits = strtol(val, NULL, 10);
        else if (IS(name, "Result"))
            result = val, resultlen = vallen;
        else if (IS(name, "Operation"))
            operation = val;
        else {
            clear_vector(&v);
            return fail(f[i].name, "unknown field");
        }
    }
    if (!ok) {
        clear_vector(&v);
        return fail(v.where, "bad value");
    }
    if (result != NULL) {
        /* Only refusals of a ChaCha20-Poly1305 open or IV are known. */
        if (kind != KAT_AEAD ||
            !(IS(result, "CIPHERFINAL_ERROR") || IS(result, "INVALID_IV_LENGTH")))
            ok = 0;
        v.valid = 0;
    }
#undef IS
    (void)operation; /* a DECRYPT-only stanza: invalid ones are opened only */
    if (counter >= 0) {
        /* pyca's ChaCha20: 12-byte nonce and a counter -> OpenSSL's IV. */
        uint8_t *iv = malloc(16);

        if (iv == NULL || v.iv.n != 12) {
            free(iv);
            ok = 0;
        } else {
            for (int b = 0; b < 4; b++)
                iv[b] = (uint8_t)((unsigned long)counter >> (8 * b));
            memcpy(iv + 4, v.iv.p, 12);
            free(v.iv.p);
            v.iv.p = iv;
            v.iv.n = 16;
        }
    }
    if (bits >= 0) { /* pyca's MD5: "Msg = 00" with "Len = 0" */
        if (bits % 8 != 0 || (size_t)bits / 8 > v.in.n)
            ok = 0;
        else
            v.in.n = (size_t)bits / 8;
    }
    switch (kind) {
    case KAT_CHACHA20:
        ok = ok && v.key.n == 32 && v.iv.n == 16 && have_in && v.has_out &&
             v.in.n == v.out.n;
        break;
    case KAT_POLY1305:
        ok = ok && v.key.n == 32 && have_tag && v.tag.n == 16 && have_in;
        break;
    case KAT_MD5:
        ok = ok && have_tag && v.tag.n == 16 && have_in;
        break;
    default:
        ok = ok && v.key.n == 32 && have_iv && have_tag && have_in &&
             (v.has_out ? v.out.n == v.in.n : !v.valid);
        break;
    }
    if (!ok) {
        char where[sizeof(v.where)];

        memcpy(where, v.where, sizeof(where));
        clear_vector(&v);
        return fail(where, "incomplete or inconsistent vector");
    }
    return push(set, &v);
}

static int load_stanzas(kat_set *set, size_t file, int kind, char *text)
{
    field f[MAX_FIELDS];
    size_t nf = 0;
    unsigned line = 0, first = 0;
    char *p = text;

    for (;;) {
        char *end = strchr(p, '\n'), *eq, *a, *b;
        int last = end == NULL;

        if (last)
            end = p + strlen(p);
        line++;
        /* Trim; a blank line (or the end) closes the stanza. */
        a = p;
        b = end;
        while (a < b && isspace((unsigned char)*a))
            a++;
        while (b > a && isspace((unsigned char)b[-1]))
            b--;
        if (a == b) {
            if (nf > 0 && !stanza(set, file, kind, f, nf, first))
                return 0;
            nf = 0;
        } else if (*a != '#') {
            if ((eq = memchr(a, '=', (size_t)(b - a))) == NULL || nf == MAX_FIELDS)
                return fail(kat_files[file].path, "line without '='");
            if (nf == 0)
                first = line;
            f[nf].name = a;
            f[nf].nlen = (size_t)(eq - a);
            while (f[nf].nlen > 0 && isspace((unsigned char)a[f[nf].nlen - 1]))
                f[nf].nlen--;
            eq++;
            while (eq < b && isspace((unsigned char)*eq))
                eq++;
            f[nf].val = eq;
            f[nf].vlen = (size_t)(b - eq);
            nf++;
        }
        if (last)
            break;
        p = end + 1;
    }
    return nf == 0 || stanza(set, file, kind, f, nf, first);
}

/* --- Wycheproof JSON: a small parser into a tree --- */

typedef struct jnode {
    char type; /* 'o' object, 'a' array, 's' string, 'n' number, 'l' literal */
    char *key; /* member name, within an object */
    char *str; /* string contents or the number/literal text */
    struct jnode *kid, *next;
} jnode;

typedef struct {
    const char *p;
    int depth;
} jparser;

static void jfree(jnode *n)
{
    while (n != NULL) {
        jnode *next = n->next;

        jfree(n->kid);
        free(n->key);
        free(n->str);
        free(n);
        n = next;
    }
}

static void jws(jparser *j)
{
    while (isspace((unsigned char)*j->p))
        j->p++;
}

/* A JSON string; only the escapes Wycheproof's ASCII text uses. */
static char *jstring(jparser *j)
{
    const char *s = ++j->p;
    char *out, *o;

    while (*j->p != '"') {
        if (*j->p == '\0')
            return NULL;
        j->p += *j->p == '\\' ? 2 : 1;
    }
    if ((out = malloc((size_t)(j->p - s) + 1)) == NULL)
        return NULL;
    for (o = out; s < j->p; s++) {
        if (*s != '\\') {
            *o++ = *s;
            continue;
        }
        s++;
        switch (*s) {
        case 'n': *o++ = '\n'; break;
        case 't': *o++ = '\t'; break;
        case 'u': /* not in the data; kept as text */
            *o++ = '\\';
            *o++ = 'u';
            break;
        default: *o++ = *s; break;
        }
    }
    *o = '\0';
    j->p++;
    return out;
}

static jnode *jvalue(jparser *j)
{
    jnode *n;

    jws(j);
    if (++j->depth > 32 || (n = calloc(1, sizeof(*n))) == NULL)
        return NULL;
    if (*j->p == '{' || *j->p == '[') {
        char close = *j->p == '{' ? '}' : ']';
        jnode **tail = &n->kid;

        n->type = *j->p == '{' ? 'o' : 'a';
        j->p++;
        jws(j);
        if (*j->p == close) {
            j->p++;
            j->depth--;
            return n;
        }
        for (;;) {
            char *key = NULL;

            jws(j);
            if (n->type == 'o') {
                if (*j->p != '"' || (key = jstring(j)) == NULL)
                    goto err;
                jws(j);
                if (*j->p++ != ':') {
                    free(key);
                    goto err;
                }
            }
            if ((*tail = jvalue(j)) == NULL) {
                free(key);
                goto err;
            }
            (*tail)->key = key;
            tail = &(*tail)->next;
            jws(j);
            if (*j->p == ',') {
                j->p++;
                continue;
            }
            if (*j->p++ != close)
                goto err;
            break;
        }
    } else if (*j->p == '"') {
        n->type = 's';
        if ((n->str = jstring(j)) == NULL)
            goto err;
    } else {
        const char *s = j->p;

        while (*j->p != '\0' && strchr(",}] \t\r\n", *j->p) == NULL)
            j->p++;
        if (j->p == s || (n->str = strndup(s, (size_t)(j->p - s))) == NULL)
            goto err;
        n->type = isdigit((unsigned char)*s) || *s == '-' ? 'n' : 'l';
    }
    j->depth--;
    return n;
err:
    jfree(n);
    return NULL;
}

static const jnode *jget(const jnode *obj, const char *key)
{
    for (const jnode *k = obj != NULL ? obj->kid : NULL; k != NULL; k = k->next)
        if (k->key != NULL && strcmp(k->key, key) == 0)
            return k;
    return NULL;
}

static int jhex(const jnode *obj, const char *key, kat_buf *out)
{
    const jnode *n = jget(obj, key);

    return n != NULL && n->type == 's' && decode(n->str, strlen(n->str), out);
}

/* A non-negative integer member, all digits. */
static int jint(const jnode *obj, const char *key, unsigned long *out)
{
    const jnode *n = jget(obj, key);
    char *end;

    if (n == NULL || n->type != 'n' || !isdigit((unsigned char)n->str[0]))
        return 0;
    *out = strtoul(n->str, &end, 10);
    return *end == '\0';
}

/* An array of strings (or NULL: the member is absent). */
static int jstrings(const jnode *n)
{
    if (n == NULL || n->type != 'a')
        return 0;
    for (const jnode *k = n->kid; k != NULL; k = k->next)
        if (k->type != 's')
            return 0;
    return 1;
}

/* The members of obj: every one named in known (a space-separated list,
 * "?" marking an optional one), none twice, none else, each required one
 * there. A member the reader does not know fails the load. */
static int jmembers(const jnode *obj, const char *known, const char *where)
{
    char what[160];
    const char *p = known;

    if (obj == NULL || obj->type != 'o')
        return fail(where, "not a JSON object");
    for (const jnode *k = obj->kid; k != NULL; k = k->next) {
        size_t len = strlen(k->key);
        const char *q = known;
        int found = 0;

        while (*q != '\0' && !found) {
            size_t w = strcspn(q, " ");

            if (*q == '?')
                q++, w--;
            found = w == len && strncmp(q, k->key, len) == 0;
            q += w;
            q += strspn(q, " ");
        }
        if (!found) {
            snprintf(what, sizeof(what), "unknown member \"%.64s\"", k->key);
            return fail(where, what);
        }
        if (jget(obj, k->key) != k) {
            snprintf(what, sizeof(what), "member \"%.64s\" twice", k->key);
            return fail(where, what);
        }
    }
    while (*p != '\0') {
        size_t w = strcspn(p, " ");

        if (*p != '?') {
            char name[64];

            snprintf(name, sizeof(name), "%.*s", (int)w, p);
            if (jget(obj, name) == NULL) {
                snprintf(what, sizeof(what), "no member \"%s\"", name);
                return fail(where, what);
            }
        }
        p += w;
        p += strspn(p, " ");
    }
    return 1;
}

/* C2SP Wycheproof's testvectors_v1 AEAD file (schema aead_test_schema_v1.json):
 * every member checked against the schema, sizes against the group's. */
static int load_wycheproof(kat_set *set, size_t file, const char *text)
{
    const char *path = kat_files[file].path;
    jparser j = {text, 0};
    jnode *root = jvalue(&j);
    const jnode *groups = jget(root, "testGroups"), *notes = jget(root, "notes");
    const jnode *alg = jget(root, "algorithm"), *schema = jget(root, "schema");
    unsigned long num = 0, last_id = 0;
    size_t count = 0;
    int ok;

    if (root != NULL)
        jws(&j);
    ok = root != NULL && *j.p == '\0' &&
         jmembers(root, "algorithm schema numberOfTests header notes testGroups "
                        "?generatorVersion", path) &&
         alg->type == 's' && strcmp(alg->str, "CHACHA20-POLY1305") == 0 &&
         schema->type == 's' &&
         strcmp(schema->str, "aead_test_schema_v1.json") == 0 &&
         jint(root, "numberOfTests", &num) &&
         jstrings(jget(root, "header")) && groups->type == 'a' &&
         notes->type == 'o' &&
         (jget(root, "generatorVersion") == NULL ||
          jget(root, "generatorVersion")->type == 's');
    /* Notes: what each flag means. */
    for (const jnode *n = ok ? notes->kid : NULL; n != NULL && ok;
         n = n->next) {
        const jnode *d = jget(n, "description"), *b = jget(n, "bugType"),
                    *e = jget(n, "effect");

        ok = jmembers(n, "bugType ?description ?effect ?links ?cves", n->key) &&
             b->type == 's' && (d == NULL || d->type == 's') &&
             (e == NULL || e->type == 's') &&
             (jget(n, "links") == NULL || jstrings(jget(n, "links"))) &&
             (jget(n, "cves") == NULL || jstrings(jget(n, "cves")));
    }
    for (const jnode *g = ok ? groups->kid : NULL; g != NULL && ok; g = g->next) {
        const jnode *tests = jget(g, "tests"), *type = jget(g, "type"),
                    *src = jget(g, "source");
        unsigned long ivsize = 0, keysize = 0, tagsize = 0;

        ok = jmembers(g, "type source ivSize keySize tagSize tests", path) &&
             type->type == 's' && strcmp(type->str, "AeadTest") == 0 &&
             jmembers(src, "name version", "source") &&
             jget(src, "name")->type == 's' &&
             jget(src, "version")->type == 's' &&
             jint(g, "ivSize", &ivsize) && jint(g, "keySize", &keysize) &&
             jint(g, "tagSize", &tagsize) && tests->type == 'a';
        for (const jnode *t = ok ? tests->kid : NULL; t != NULL && ok;
             t = t->next) {
            kat_vector v;
            const jnode *res = jget(t, "result"), *flags = jget(t, "flags");
            unsigned long id = 0;

            memset(&v, 0, sizeof(v));
            v.kind = KAT_AEAD;
            v.file = file;
            v.has_out = 1;
            ok = jmembers(t, "tcId comment flags key iv aad msg ct tag result",
                          path) &&
                 jint(t, "tcId", &id) && id > last_id &&
                 jget(t, "comment")->type == 's' && jstrings(flags) &&
                 res->type == 's' && jhex(t, "key", &v.key) &&
                 jhex(t, "iv", &v.iv) && jhex(t, "aad", &v.aad) &&
                 jhex(t, "msg", &v.in) && jhex(t, "ct", &v.out) &&
                 jhex(t, "tag", &v.tag) && v.in.n == v.out.n;
            last_id = id;
            for (const jnode *f = ok ? flags->kid : NULL; f != NULL && ok;
                 f = f->next)
                if (!(ok = jget(notes, f->str) != NULL))
                    fail(f->str, "flag without a note");
            if (ok) {
                snprintf(v.where, sizeof(v.where), "%s tcId %lu", path, id);
                /* "acceptable" would need a policy; there is none here. */
                if (strcmp(res->str, "valid") == 0)
                    v.valid = 1;
                else if (strcmp(res->str, "invalid") != 0)
                    ok = 0;
                /* Sizes as the group says; an invalid vector may carry no
                 * tag (those with a nonce of the wrong size). */
                ok = ok && v.key.n * 8 == keysize && v.iv.n * 8 == ivsize &&
                     (v.tag.n * 8 == tagsize || (!v.valid && v.tag.n == 0));
                if (!ok)
                    fail(v.where, "bad value or size");
            }
            if (ok && (ok = push(set, &v)))
                count++;
            else
                clear_vector(&v);
        }
    }
    if (ok && count != num)
        ok = 0;
    jfree(root);
    return ok || fail(path, "unexpected Wycheproof JSON");
}

/* --- Entry points --- */

int kat_load(const char *dir, kat_set *set)
{
    memset(set, 0, sizeof(*set));
    for (size_t i = 0; i < kat_nfiles; i++) {
        char path[4096];
        size_t len, before = set->n;
        char *text;
        const char *fmt = kat_files[i].format;
        int ok;

        snprintf(path, sizeof(path), "%s/%s", dir, kat_files[i].path);
        if ((text = read_all(path, &len)) == NULL || strlen(text) != len) {
            free(text);
            return fail(path, "cannot read (or has NUL bytes)");
        }
        if (strcmp(fmt, "wycheproof-v1") == 0)
            ok = load_wycheproof(set, i, text);
        else if (strcmp(fmt, "evp") == 0)
            ok = load_stanzas(set, i, -1, text);
        else if (strcmp(fmt, "nist-chacha20") == 0)
            ok = load_stanzas(set, i, KAT_CHACHA20, text);
        else if (strcmp(fmt, "nist-aead") == 0)
            ok = load_stanzas(set, i, KAT_AEAD, text);
        else if (strcmp(fmt, "nist-poly1305") == 0)
            ok = load_stanzas(set, i, KAT_POLY1305, text);
        else
            ok = load_stanzas(set, i, KAT_MD5, text);
        free(text);
        if (!ok)
            return 0;
        if (set->n == before)
            return fail(path, "no vectors");
    }
    return 1;
}

void kat_free(kat_set *set)
{
    for (size_t i = 0; i < set->n; i++)
        clear_vector(&set->v[i]);
    free(set->v);
    memset(set, 0, sizeof(*set));
}
