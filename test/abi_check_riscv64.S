/*
 * Callee-saved register checker for the riscv64 kernels (LP64D psABI):
 *
 *   void rv_abi_call(void *fn, uint64_t x0, uint64_t x1, uint64_t x2,
 *                    uint64_t x3, uint64_t x4, uint64_t report[RV_ABI_NREPORT]);
 *
 * loads s0..s11 and fs0..fs11 with the distinct values of rv_abi_canary,
 * calls fn(x0, x1, x2, x3, x4), and writes what fn left in them to report:
 * [0..11] s0..s11, [12..23] fs0..fs11 (raw bits), [24] sp after the call
 * minus sp before it, [25] gp, [26] tp (neither may be touched either; the
 * C side compares them with its own). The caller's own registers are saved
 * and restored here, and sp is restored from a static slot, so even a
 * kernel that breaks them cannot crash the test: it is only reported.
 * Also holds deliberately broken "kernels" that prove the checker can fail.
 */
    .option arch, +d

    .bss
    .p2align 3
saved_sp:
    .zero   8
saved_report:
    .zero   8

    .section .rodata
    .p2align 3
    .globl  rv_abi_canary
    .type   rv_abi_canary, @object
/* 24 distinct values: s0..s11 then fs0..fs11. */
rv_abi_canary:
    .dword  0x5a00c0de00000100, 0x5a01c0de00010101, 0x5a02c0de00020102
    .dword  0x5a03c0de00030103, 0x5a04c0de00040104, 0x5a05c0de00050105
    .dword  0x5a06c0de00060106, 0x5a07c0de00070107, 0x5a08c0de00080108
    .dword  0x5a09c0de00090109, 0x5a0ac0de000a010a, 0x5a0bc0de000b010b
    .dword  0x3ff0f00d00000200, 0x3ff1f00d00010201, 0x3ff2f00d00020202
    .dword  0x3ff3f00d00030203, 0x3ff4f00d00040204, 0x3ff5f00d00050205
    .dword  0x3ff6f00d00060206, 0x3ff7f00d00070207, 0x3ff8f00d00080208
    .dword  0x3ff9f00d00090209, 0x3ffaf00d000a020a, 0x3ffbf00d000b020b
    .size   rv_abi_canary, . - rv_abi_canary

    .text
    .globl  rv_abi_call
    .type   rv_abi_call, @function
    .p2align 2
rv_abi_call:
    addi    sp, sp, -208
    sd      ra, 0(sp)
    sd      s0, 8(sp)
    sd      s1, 16(sp)
    sd      s2, 24(sp)
    sd      s3, 32(sp)
    sd      s4, 40(sp)
    sd      s5, 48(sp)
    sd      s6, 56(sp)
    sd      s7, 64(sp)
    sd      s8, 72(sp)
    sd      s9, 80(sp)
    sd      s10, 88(sp)
    sd      s11, 96(sp)
    fsd     fs0, 104(sp)
    fsd     fs1, 112(sp)
    fsd     fs2, 120(sp)
    fsd     fs3, 128(sp)
    fsd     fs4, 136(sp)
    fsd     fs5, 144(sp)
    fsd     fs6, 152(sp)
    fsd     fs7, 160(sp)
    fsd     fs8, 168(sp)
    fsd     fs9, 176(sp)
    fsd     fs10, 184(sp)
    fsd     fs11, 192(sp)

    lla     t0, saved_sp
    sd      sp, 0(t0)
    lla     t0, saved_report
    sd      a6, 0(t0)

    lla     t0, rv_abi_canary
    ld      s0, 0(t0)
    ld      s1, 8(t0)
    ld      s2, 16(t0)
    ld      s3, 24(t0)
    ld      s4, 32(t0)
    ld      s5, 40(t0)
    ld      s6, 48(t0)
    ld      s7, 56(t0)
    ld      s8, 64(t0)
    ld      s9, 72(t0)
    ld      s10, 80(t0)
    ld      s11, 88(t0)
    fld     fs0, 96(t0)
    fld     fs1, 104(t0)
    fld     fs2, 112(t0)
    fld     fs3, 120(t0)
    fld     fs4, 128(t0)
    fld     fs5, 136(t0)
    fld     fs6, 144(t0)
    fld     fs7, 152(t0)
    fld     fs8, 160(t0)
    fld     fs9, 168(t0)
    fld     fs10, 176(t0)
    fld     fs11, 184(t0)

    mv      t1, a0
    mv      a0, a1
    mv      a1, a2
    mv      a2, a3
    mv      a3, a4
    mv      a4, a5
    jalr    t1

    lla     t0, saved_report
    ld      t0, 0(t0)
    sd      s0, 0(t0)
    sd      s1, 8(t0)
    sd      s2, 16(t0)
    sd      s3, 24(t0)
    sd      s4, 32(t0)
    sd      s5, 40(t0)
    sd      s6, 48(t0)
    sd      s7, 56(t0)
    sd      s8, 64(t0)
    sd      s9, 72(t0)
    sd      s10, 80(t0)
    sd      s11, 88(t0)
    fsd     fs0, 96(t0)
    fsd     fs1, 104(t0)
    fsd     fs2, 112(t0)
    fsd     fs3, 120(t0)
    fsd     fs4, 128(t0)
    fsd     fs5, 136(t0)
    fsd     fs6, 144(t0)
    fsd     fs7, 152(t0)
    fsd     fs8, 160(t0)
    fsd     fs9, 168(t0)
    fsd     fs10, 176(t0)
    fsd     fs11, 184(t0)
    lla     t1, saved_sp
    ld      t1, 0(t1)
    sub     t2, sp, t1
    sd      t2, 192(t0)
    sd      gp, 200(t0)
    sd      tp, 208(t0)

    mv      sp, t1
    ld      ra, 0(sp)
    ld      s0, 8(sp)
    ld      s1, 16(sp)
    ld      s2, 24(sp)
    ld      s3, 32(sp)
    ld      s4, 40(sp)
    ld      s5, 48(sp)
    ld      s6, 56(sp)
    ld      s7, 64(sp)
    ld      s8, 72(sp)
    ld      s9, 80(sp)
    ld      s10, 88(sp)
    ld      s11, 96(sp)
    fld     fs0, 104(sp)
    fld     fs1, 112(sp)
    fld     fs2, 120(sp)
    fld     fs3, 128(sp)
    fld     fs4, 136(sp)
    fld     fs5, 144(sp)
    fld     fs6, 152(sp)
    fld     fs7, 160(sp)
    fld     fs8, 168(sp)
    fld     fs9, 176(sp)
    fld     fs10, 184(sp)
    fld     fs11, 192(sp)
    addi    sp, sp, 208
    ret
    .size   rv_abi_call, . - rv_abi_call

/* Broken on purpose: each changes one thing the checker must catch. */
    .globl  rv_abi_bad_s0
    .type   rv_abi_bad_s0, @function
rv_abi_bad_s0:
    addi    s0, s0, 1
    ret
    .size   rv_abi_bad_s0, . - rv_abi_bad_s0

    .globl  rv_abi_bad_s11
    .type   rv_abi_bad_s11, @function
rv_abi_bad_s11:
    xori    s11, s11, 0x40
    ret
    .size   rv_abi_bad_s11, . - rv_abi_bad_s11

    .globl  rv_abi_bad_fs5
    .type   rv_abi_bad_fs5, @function
rv_abi_bad_fs5:
    fmv.d   fs5, fs4
    ret
    .size   rv_abi_bad_fs5, . - rv_abi_bad_fs5

    .globl  rv_abi_bad_sp
    .type   rv_abi_bad_sp, @function
rv_abi_bad_sp:
    addi    sp, sp, -16
    ret
    .size   rv_abi_bad_sp, . - rv_abi_bad_sp

    .section .note.GNU-stack, "", @progbits
