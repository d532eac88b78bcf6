// The chapter's example, as the core's toy corpus spells it: 「我 昨天 看见 一只 猫」 →
// "I saw a cat yesterday" (figure2_example_source() in cpp/figure2/report.cpp).
export const EXAMPLE_WORDS = ['我', '昨天', '看见', '一只', '猫'];
