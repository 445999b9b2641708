/*
 * Included at the end of each x86_64 MD5 .S file: the stack is not executable,
 * and the object is marked IBT + SHSTK compatible (every global entry starts
 * with endbr64, and nothing touches the return address), so linking it does
 * not switch CET off for the whole module.
 */
#ifndef SIMDPROV_X86_64_MD5_ELF_NOTES_H
#define SIMDPROV_X86_64_MD5_ELF_NOTES_H

	.section .note.GNU-stack, "", @progbits

	.section .note.gnu.property, "a"
	.p2align 3
	.long	4			/* name size: "GNU\0" */
	.long	16			/* descriptor size */
	.long	5			/* NT_GNU_PROPERTY_TYPE_0 */
	.asciz	"GNU"
	.long	0xc0000002		/* GNU_PROPERTY_X86_FEATURE_1_AND */
	.long	4			/* data size */
	.long	3			/* IBT | SHSTK */
	.p2align 3

#endif
