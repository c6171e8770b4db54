package secretvalue_test

import (
	"strings"
	"testing"

	"github.com/envgen/envgen/runtime/internal/assert"

	"github.com/envgen/envgen/runtime/secretvalue"
)

// familySamples are tokens of each family, written from the format its
// vendor documents (or its gitleaks rule describes); docs/secret-values.md
// names each source. The bodies are random bytes of the stated charset
// and length, drawn once and written here.
var familySamples = []struct {
	family, value string
}{
	{"GitHub token", "ghp_nA9icKB0kFv3HuKvPk8w1BLZzkPWwj65S9O8"},                                                                               // classic personal access token: ghp_ + 36 base62
	{"GitHub token", "gho_yy3Esj5FyD5HKVmNJXivCtVBjUFGOp7da9Xf"},                                                                               // OAuth token
	{"GitHub token", "ghu_yqajiyaCNkcGDJJQILUqFLFWZMzm8BfVQoLI"},                                                                               // user-to-server token
	{"GitHub token", "ghs_CSVg1iFSVEGXwaPzCRCQhlGsEp8tJX2hpuB3"},                                                                               // server-to-server (Actions) token
	{"GitHub token", "ghr_v0ZC6BLESd7fwoEAcoHtH7uO4PAQtgVnfWfE"},                                                                               // refresh token
	{"GitHub token", "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"},                          // fine-grained PAT: 22 + _ + 59
	{"GitHub token", "github_pat_sn1FD0XJev74Vlg5S3m4sHkcig7mi1rm96hC"},                                                                        // fine-grained PAT with a 36-byte body (issue 31)
	{"GitLab token", "glpat-2NuIAUlMUGMsz4CP7cMh"},                                                                                             // PAT, legacy 20
	{"GitLab token", "glpat-tdzhmA9NiJy2JXMXiwDVzmkt2TA.ve.9u0bvj26b"},                                                                         // routable PAT
	{"GitLab token", "gldt-tC8MX3jNUxoKB0oGQGDl"},                                                                                              // deploy token
	{"GitLab token", "glrt-XKHKPhMJiTGO2a3ASkBE"},                                                                                              // runner token
	{"GitLab token", "glcbt-d1_Q00r4VOasunvqBkquJ72"},                                                                                          // CI/CD job token
	{"GitLab token", "glptt-abc9644d49f3c6ebc0d7864d293683969f7b35ad"},                                                                         // pipeline trigger token
	{"GitLab token", "glft-c-VLXn2fpaT-uZEnIfte"},                                                                                              // feed token
	{"GitLab token", "glimt-o2XicGPN0gX2ZrvLKGtxQ3PnM"},                                                                                        // incoming mail token
	{"GitLab token", "glagent-2YQKEs3SWGPKCVQp6MuIAtbQZobJHP6_xhJEO5Gsbhe6Df3RCH"},                                                             // agent for Kubernetes token
	{"GitLab token", "gloas-blA_U_kQCMmGD0B3RrXHOVJVQau3B5LRWJEaSHeattqziNYQalF2FtG99R4f938D"},                                                 // OAuth application secret
	{"GitLab token", "glsoat-rXqzu8yTASavZJHjW3XH"},                                                                                            // SCIM token
	{"GitLab token", "glffct-vAqbAlLR5c90S8PXxnDt"},                                                                                            // feature flags client token
	{"GitLab token", "GR13489417l5AuJo0TPeTiv24Lkcj"},                                                                                          // runner registration token
	{"Slack token", "xoxb-729376257503-7406081496069-TGRfHnJ31jspDyhEjBsaArOS"},                                                                // bot token
	{"Slack token", "xoxp-973354948466-808189591806-8523238420093-bf203b634ee0fb994b82a31bc773eeba"},                                           // user token
	{"Slack token", "xoxa-2-ZNE2BwGEkRdFTrTFWZPhI5WOSjqwTYU0qDPtFNJW"},                                                                         // workspace token
	{"Slack token", "xoxr-BA5FOIs13Ow4BAS66NwFjRLZNqycTRvNhePriD6K"},                                                                           // refresh token (legacy)
	{"Slack token", "xoxs-2328321500-0212402886-103345011433-69668a526955267041e153c835a27d7dd64a6829f9ae4737c96e36f9b7c60f7b"},                // legacy token
	{"Slack token", "xoxo-0245743751-2973349072-425269685654-d3c8bb51cc11e71bcce9f13fe212ffe2"},                                                // legacy token
	{"Slack token", "xoxb-1-98UJWO0R9T9W6GJ4501025OHSOHPI67F4E6GRRH4VQOPZTSFC49TMRTF41Y1R1S1K4L2E2YW8AWZ1U5VUFLKD5EZECYPVCRBTAIL7DS0MCEX8JX1"}, // a rotating token's inner part
	{"Slack token", "xoxe-1-P1SIeaAaSCP9z53tMRdepKX54JpwQ5BBJkXSanv1MFnz5l0eeLMY3CuJOGvhrR2vbVbPN7Sm8AwYoVbhB38faLKi9rr5kooWTFB0PHsCfNlRX14TUsfgO6tMevYCuwxsqOF7r5On7awr"},                          // rotating refresh token
	{"Slack token", "xoxe.xoxp-1-3IdcwCfvDEIdIHqb7HxNDckUo3pJ7WRKxG8OsPpAsaRoZwn3Vf2I6qJ8OHzW8njEn4qoMvApD0A490iOZjjej9p9NqvAwSC8cS62cGaZ1Gu2rSFkHYI6GN6XXL9p7aPSPs24rdOsfg8JfcZwOeWhbjP3Ze0np5U7"}, // configuration token
	{"Slack token", "xapp-1-A6HRA54X9V0-7202086642787-14335ec753c134ce38003add908ef8db6a00a1bf327107054ac04c6e17924786"},                                                                            // app-level token
	{"AWS access key ID", "AKIARQOLNOIJFVX4XAO4"}, // long-term key
	{"AWS access key ID", "ASIAOUGBSHUNHYHGPNJM"}, // temporary key
	{"AWS access key ID", "ABIAYYWO5UIEGMWUJ5PU"}, // STS service bearer
	{"AWS access key ID", "ACCA4VC7CKZY2BKRSLHP"}, // context-specific
	{"AWS access key ID", "A3TMH3ORPPSKWOLOM4KB"}, // A3T prefix (gitleaks)
	{"Amazon Bedrock API key", "ABSKuOLGIcdwYeq4VY9Kw/tC7FAty9LTrjqfAR9cBCaDes0oymuqZGKCE5/Ipqea9jmc+i5RKz3eVCuA0/upDURLD95+zyBm0GLXc7wM4aSoQE/8t3+1QkklanXShy+QxRuv8W2Q"}, // long-term Bedrock key
	{"Amazon Bedrock API key", "bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29tLz9BY3Rpb249Q2FsbFdpdGhCZWFyZXJUb2tlbiZYLUFtei1DcmVkZW50aWFsPUFTSUE"},                          // short-term Bedrock key
	{"Google API key", "AIzaOWm62xrDyn_Hll-rln2k88Gf-CslTtdYxc8"}, // API key
	{"Google OAuth access token", "ya29.N6pJMaMP2xTHsoayZvROh_w4xE7dKB1I5kLjYNaQl-M2NneF7KdJPbi1xngmvoqJCthkWEp5gj0JJ1p4FjX9-xE_Pe5s_N2HUUui8T5VxgfMM5Ms3v4h7LcpufNZ1hpt-2XqozT1gWLVcJriUMlOGnGamyKdHWg7QW0qubHYci"}, // OAuth access token
	{"Google OAuth client secret", "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"}, // OAuth client secret
	{"OpenAI API key", "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"},          // project key
	{"OpenAI API key", "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"},       // service account key
	{"OpenAI API key", "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"},                                         // admin key
	{"OpenAI API key", "sk-None-SPatpA9sgekDLL5_IC7f4FBvXCEIoOVw7FvPRje2QFIElgBGnEGCcpNy4OVPNLNzfeRthhHrETT3BlbkFJNWXSclL5n4WWXXGY7Emiyo1i-yRBVbcTv4VIHwHjhOTP4IUu1YrYO-1eKprXoeRt6hI08SnLaa"},          // key of no project
	{"OpenAI API key", "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"},                                                                                                                           // legacy user key
	{"Anthropic API key", "sk-ant-api03-VkrcFvtaE1Nfjgc-7PekYR3-QDVEWgHl-0RCF_4i1LXzDEuc_wW4NSB0UQyzQADQVDcXEYOxRxcA4hYmttgoDSWsC2VffAA"},                                                               // API key
	{"Anthropic API key", "sk-ant-admin01-vmvfOlGXucIT1iphiDuf6DGc--WSQ0oxx4sQ15q0cFFLGRDK8X7uCPkRHIWBAvv_WQRfPQrNJe-0NrACQdwYezWiR5cl9AA"},                                                             // admin key
	{"Anthropic API key", "sk-ant-oat01-3xAced7va7MQNWF_zaBGG51DO1Jj-xUfiW3ca9_ijOA109HVb63q34ljD3w8-u8ULC5mtxCut8dx0KLx1rAUFiGZ_jtF0AA"},                                                               // OAuth token (issue 31)
	{"OpenRouter API key", "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"},                                                                                                 // API key (issue 31)
	{"Groq API key", "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"},                                                                                                                        // API key (issue 31)
	{"Perplexity API key", "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"},                                                                                                                     // API key
	{"Stripe key", "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"},                                                                       // secret key
	{"Stripe key", "sk_test_swlknlMjMKhk1DU7OgC5FKrr"},                                                                                                                                                  // test-mode secret key
	{"Stripe key", "sk_prod_EFUk4TWFo1mWEM9WzkRhtaHz"},                                                                                                                                                  // gitleaks prod
	{"Stripe key", "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"},                                                                       // restricted key
	{"Stripe key", "rk_test_l1LjFlKx4B4s9zFNAUaOu95g"},                                                                                                                                                  // restricted test key
	{"Stripe key", "rk_prod_lyRfOwdx64wlrTcWxV1m2fQb"},                                                                                                                                                  // gitleaks prod
	{"Stripe webhook secret", "whsec_tQXQ2Mu46DZoZ40cvwbahGcZ0xzqMPxU"},                                                                                                                                 // webhook signing secret
	{"npm token", "npm_jNoU4154qdax1AsT7X0W7PtjtP6esh8TUlNx"},                                                                                                                                           // access token
	{"PyPI token", "pypi-AgEIcHlwaS5vcmcQQRyZxILHdeWp9q61i18ugvO7j6CaTXzuxLojh694hI0j6mOfr7_H2NZCHx6XhAqJ69hnR_7FuDRH3cZLOAQtgluDO-x59P0F8OJ9byHPc1oHEl43EKykAlxiOrE2Ei2t12Qq33jNbIAW24MLTbx0u"},        // upload token
	{"PyPI token", "pypi-AgENdGVzdC5weXBpLm9yZwY-bI_rYC_ISEtIh78QLAjZ-7MYNnmlBOPXTKS8vv1xwisrfW4nQiEecrFnV835kDKW7ba30WWC1qbw28d0nVZecvv2YDs5rHC5pRwXsrtc0ebkmo83kRMLeKsb91vARbnsqS0Oqp4-iXtdYBqvRG9I"}, // TestPyPI upload token
	{"Docker Hub token", "dckr_pat_CsfWmyJ3L8tdrrozAwL0feveJ8q"},                                                                                                                                        // personal access token
	{"Docker Hub token", "dckr_oat_2IPXjDjSDK_G9b8L7Z7XeCbOYBUoCFeo"},                                                                                                                                   // organization access token
	{"RubyGems API key", "rubygems_b14b719f198dbcd72ed121bd630f528b3e2345dbf43b2f00"},                                                                                                                   // API key
	{"Clojars token", "CLOJARS_mck6zmjqyy6ykkgt4dqtlqq2gncb52jiawh2078lf0zfgntj5mp2cigi3jhn"},                                                                                                           // deploy token
	{"Vault token", "hvs.LpHJXNaVlplKy8UwTARofEftI07ni1BbB7r6bibybAkh_B1altir1CGbbyYZxq1YiYp5aqwDBENjVkG0Ga_UzQWbUp4A_g-"},                                                                              // service token
	{"Vault token", "hvb.Wh0uwMy1goEEgPBm63sJr0GXxtlmJxrT3f3FhEKJhrOQH13B2rS-Wsq7qKJpDbXDukSonadVHZW-kY2ovhHC1kKQWw8Q4K21lA0X2vPlQIxEwxFT2bmjz_0s5kA97qojmB4TARhG33TeSu1qeB9dgX"},                       // batch token
	{"Vault token", "hvr.B3-l80dSJEfohC2_XpO_tcUW"},                                                                                                                                                     // recovery token
	{"Vault token", "s.LorWYn3yxtjzgPWAlQXmjpIw"},                                                                                                                                                       // legacy service token
	{"Hugging Face token", "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"},                                                                                                                                     // user access token
	{"Hugging Face token", "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"},                                                                                                                                // organization token
	{"1Password secret key", "A3-1G7Z5T-3ORDOK-QOW79-8J6KH-H3DYM-PF0JZ"},                                                                                                                                // secret key
	{"1Password service account token", "ops_eyJmlieisV1k0KQW4B+Is3/OqZ70SMuBEEjSodxvyZkWVkzWnLFNXHsLi5j+hJa4RGmQHuQFNjz5FrcHnVYUGvycZ3XIu7EkSFDNBubplMWdj8cSC/n7TikVhXodJr2Aw1I5wZi/0OyjLgXrcFYE/bCDacwSbrzNIXiOAB/r/NnGF/Zqk9oR3wnnu+Bp1YaLM2S+gaQufaGE+jaNSpKO8Vo79dFezhxwihYhY7KgYQSd1JKj+78iH7/4R+6vU3tTfkfafTjf2gvrC77x18e1X2M66t+nob400TQh0OIJzSS1JDG"}, // service account token
	{"age secret key", "AGE-SECRET-KEY-1ELUP9M6TAM3LW53YNA3AG6USQSP242055G5VHPTZLJVZV9TTXKQ0HDQS4U"}, // X25519 identity
	{"Adobe client secret", "p8e-dvH8V1Tc3oQu1zVqI4WOPddaDBC5ekKQ"},
	{"Airtable token", "pat7FJj7x8SoO1bUF.dcfc052b5e0efe8d36b15314c0cadfc7a12b62312e86fe0e82edfa8fcb0ba351"},
	{"Alibaba Cloud AccessKey ID", "LTAIA7ArjK7T8il5zEyISv22"},
	{"JFrog Artifactory API key", "AKCpJifWeOjCq0MF3VVICc3tGuqHg35UHfdUg5xUgHqId49703BmROHyvnQRSLGO6JubRxOdS"},
	{"JFrog Artifactory token", "cmVmdGD0cXcx9LQRE1PWRpnVEcJM1YqCyC3H9jsFK5XvHljD0Vibh50Nthj8JAFs"},
	{"Atlassian API token", "ATATT35JodvLreJru3nwauDCNukOzPfNvlPKpcQJ0JdO6Oicqk1W9GXagCL-IZg393tVhlh67B4TiJzfosIfAFMaTM4vErSMpKShasuCOD_mOLUEdGYEwo3XGkN__twyMYDQ69GipxY0wSax0PWoSEKa_1aTh=6zj05fV5IPizsUodQjy=a38tceqflXJI6z"},
	{"Authress key", "sc_9qfkk1gnjacy.drnag.acc_9j1s502q3e5t86j5.WdeiWZTSUQkLypzR8rwmgkEH8IBj7FSDqxdQh-nexNUc83XA5Xq8hKmoa31_"},
	{"Authress key", "ext_k3n8z0q2w7.x4p2m.acc_r9t1u6y3v8b5n2m0.QmVhcmVyIGtleSBmb3IgdGhlIGV4dGVybmFsIGNsaWVudCBpbiB0ZXN0"},
	{"Authress key", "scauth_m4k2j8h6g1.z7x5c.acc-p0o9i8u7y6t5r4e3.c2VydmljZSBjbGllbnQga2V5IGZvciB0aGUgc2NhdXRoIGNsaWVudA"},
	{"Authress key", "authress_0yiw7x1snv28.mlyts.acc-ljj631qka1d6mz2e.LUuVjp8RiPekECpX7X2_BuG8qP2AjacKJLX7M9R_hH2eu_hwL-P990W2yGxA"},
	{"ClickHouse Cloud secret key", "4b1dAPazQB90YbhZHTrJw9uO8wyo0iRWuPgLvr8A8E"},
	{"Cloudflare Origin CA key", "v1.0-ed985d936e77b87fddf5aa6c-4f2c72a6722cc68408c7f3db516285c4613d82f91d5d4d006adc38afb7fd499c8b3df9e95f2e6a3be8bea52d7a637e73231ff3e277b36d149fa2d12abfe03ece7abb7e5e032a7a9c6b"},
	{"Databricks token", "dapi8c2ebde60dfb747a8a89915f0098d89d"},
	{"Defined Networking token", "dnkey-hs5zfmzbk8vu6u4z1mx529c33c-sq1l60sgcjvrio01h2jjsnwbf457czedn2azrxf0dziqwmz3a6mr"},
	{"DigitalOcean token", "dop_v1_0072ffdfbb10ee98091e0ba6d92a24c7c8262aae11cf778658fe2f3c74bec8df"},
	{"DigitalOcean token", "doo_v1_78c769a167677b549b66a469877c5b524ec7eec553f17a4ce460209e08240e8f"},
	{"DigitalOcean token", "dor_v1_fb9e65c52c39fc9ee3a72c6e2ff8e7e7a5a7adafd7ee76824874a308d9152abf"},
	{"Doppler token", "dp.pt.dAtpkc73jffNp3W3GmkDNNvRC2b58QANj5b2XNHHWLr"},
	{"Doppler token", "dp.ct.bFNLaG5MtOJM1h1mIerXcovD7sjFv6jBWvjyCPYjWQS"},
	{"Doppler token", "dp.st.dev.ndgYBMCnnEJoMVo3KAclqt2b1xpaYcJaxp1dG5SKTy2"},
	{"Doppler token", "dp.sa.dWsjxGvLLvGuiuhl5l1PVe6HFbI0npu1P54ngfbQVeW"},
	{"Doppler token", "dp.said.FxDrjCUM5XtVAhfI6llvPWcwyoAYDBYSPUB6zN0SdWW"},
	{"Doppler token", "dp.scim.TAyzNLfQeuVyH6rlY76pUxIBCLEhc88HVHKU05pBLEK"},
	{"Doppler token", "dp.audit.59lXOs2yRB8vVXU01sZcMEYhAUg81hY9S2QIgDkQmcB"},
	{"Dropbox token", "sl.VKrscQJ__Gt_N1xdBeWagJSb0zwzdouYEvWiM3puymYm0Cg1mjOrWHkwZhZ0fBssGmmTYHAPCo_ToD0oR3x2-Rlm_CsWncZ-goO_flPlj25QUSaLymI8GgquaX6zWCqUWgeAFH7"},
	{"Duffel token", "duffel_test_xumXU4sLGrjK3hm-gSwNfFOTvdC3WxQ6DzFLgO4hkJm"},
	{"Duffel token", "duffel_live_PYSQ3KS1TGEkUIkjuAM2amMqADvsOrG-qNaHdm9t9_X"},
	{"Dynatrace token", "dt0c01.7CAX66PRXK1VHNNS1TT8AAT7.V00L9ZVPZ1MSU33KLFQAZCM6LOEMKDDVY04KETJ3UDZPWIH9KSV35XVDKT0PPVDO"},
	{"EasyPost key", "EZAKsRgDlcSuYFYukHpclxsUz0i8VClqT8w4NMG71pxAhA1RLCkkfcdjAl"},
	{"EasyPost key", "EZTKacoArrA4wU4udGMps4JCcB2ELPQ3qvztB45O9FHA9reBtQaVPYS1Ay"},
	{"Facebook access token", "EAACU3WryI65sCEKTdvQi7gkT6nEa3KTOv0OyQIhiKLW0ubT6ZviAmKrr7rNjvpm0eSQlHnHyV6tDR8M5Wjh6mN6gWaiVtN34OzeDOnMxtlnFTIooJh5Zkb74sruHUvIomKoO53wZdmy8JE0oQhNdTPhCMAA3QL5tT72"},
	{"Facebook access token", "EAAMvRGFrqIk7gHIaRdT6CZ3xMC3XY66DgV8vAzvOAN1R3xuTpLALUb4pUQGDYoY6eWmdPu8rVgnFNHxIM3wZelvao96oO69Ie0xu7TBkCB4MQpgip5vWaqHevnwSKYX2So7kaC3rHILBO7FJ6h4hJSp7tgok2QJY2xl"},
	{"Flutterwave secret key", "FLWSECK_TEST-c58ea02cc7c4447a952b18df71cc73be-X"},
	{"Flutterwave secret key", "FLWSECK-c569b64a04e2dc83e8cfdde31178bfe5-X"},
	{"Fly.io token", "fo1_2Tjjy2UPiZBi2HnvVdA29DZ1K5Zsn5rVNoCi2JF1Q7c"},
	{"Fly.io token", "fm1a_Cjqgc3zS8ypzaoNFZ58pM/97hsdLbhPQEjhEtBMv+Yn97cwvDbXTF/EZwQiHNY9VDU1yeNN7cqnPwS74Kz7+d1tdiI3Ui7xt5Ib+kLmYJ2GitMzkB+1vxOsdkfUb5X03ugDMvvET1hLvl656e1x81TQq8b7V2Nz4KV/yH+3+O4tUmKaYt1Hl"},
	{"Fly.io token", "fm1r_Nt6zfU40bIj7kNhyqJKVj3OGjYOnk0PPG0pmUQCmmzFSD4KxBLmhPyFnAuzyMKVK6OEhVWRMPZbfqWHiCuz5hwG01JfmI6swEnQtpDD84/++QZ53sN/PQzFiSddIwXgwsp2dXFvh2KsLuFSH8dvxGS7Cdpt2dZiXboO3S7EdLMUr73HYfvQv"},
	{"Fly.io token", "fm2_7HnL4Pz8kF7TmZWdKn5Ume4lpiaPrcEhYwP5i7lpzeVSyyh7nTWZjSMQPvGsXE8W+h6gnb6kk5tTWsXJP2x72RVEW1u/G7kXsKfRhA71EX1+WjpHM+cNtFyF+Hw0HVSSBtutJkltOwvFwSiOWhHnNMW9KUUXtwN+JO4WndrPTGfakwJyusHG"},
	{"Frame.io token", "fio-u-CcLCg3weCldhv5iGgzv-PjsE0TtMj7FPz6o5Oaf6qCgvH0itFm_e86xDWYgZEOVr"},
	{"Grafana API key", "eyJrIjoigv8aGSzfpyHW64oB1QsWki38vN2iG1LwUfHPp0Ui103YNnDb7ClHWXYwWTgo2PKh15uGVBxGtHUJsf17zDhSj3Pw6g"},
	{"Grafana Cloud token", "glc_Bj2Gd0QU83i9JLjeM3q0yNwhK7TVq2lUcUnESLBhOrU7mU1KMir80w/f65vCCAO8RCquWR6idfkKBDz0orvikMBHb6cpsiGfyPvYuq7XOlCkfgZe+9lastih"},
	{"Grafana service account token", "glsa_ySuJJAwB1vKGuP9tHifqWbQxevHYld8z_becd958a"},
	{"Harness token", "pat.BQ2VMngY8i703O9myrA--B.FbghUHcN3xitEuxxPdC39Bek.XAYiuGXNPA3so0ZIbEfL"},
	{"Harness token", "sat.sVN1gHpb4-UafXkqKidRd2.KnfYBLdXdWGU4iNmBVXmgnmV.xU3oS78TUL93igDJHoa7"},
	{"Heroku API key", "HRKU-AAnnqwkf8zz-JHsD1uqToXXUeZZ04vwx9jh0mGPAUBXJxei2hyQoWT6hG1US"},
	{"Infracost token", "ico-S3kRSQQgwfIddKvO41tBMq9Esk6vQa1t"},
	{"42 Intra client secret", "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"},
	{"42 Intra client secret", "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"},
	{"Linear API key", "lin_api_clCLGc9yAYIe7weLRgJs2x0UqZaZH4l0wi46GqwG"},
	{"Linear token", "lin_oauth_e9a307c43af3bad61e11547546c3bea386ee3e3b0be72b6cb12f91751310eaf8"},
	{"Mapbox secret token", "sk.eyJ1IjoinNMWEb46ygI9bE1v4xwGruygs0FJgYcggNZ8IrWb4x9B9Gn8sT.GFnZ7SSc7SRSnAMQfy8K4D"},
	{"New Relic key", "NRAK-482JI2QIG35RJ1AYITYE80OG1Y3"},
	{"New Relic key", "NRII-oxskjadmnwj63xe5o2-s-q3d6s2j2so3"},
	{"New Relic key", "NRJS-0b51684adf9e81dc284"},
	{"Notion token", "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"},
	{"Octopus Deploy API key", "API-JFY8INGQOCUA30DM5F7VK6K9YK"},
	{"Plaid access token", "access-sandbox-a99e75c3-cb09-180c-5e53-a6f731d8b915"},
	{"Plaid access token", "access-development-ef7501b0-83a4-b416-9967-e521ad2a7241"},
	{"Plaid access token", "access-production-f95992d0-01d0-a6a8-652a-a479d2765e61"},
	{"PlanetScale token", "pscale_tkn_us0SOXHo_Cg5O1kV_uLcrhuewFwu3LX-rU7xc2UUswg"},
	{"PlanetScale token", "pscale_oauth__WgkAiBz-QbxkoWp3pMaXxyR7a5a_1pHSZRq7InvMDD"},
	{"PlanetScale password", "pscale_pw_90kq1NuyIXENvqCVEeXAcgQQp8uaBydWDstqlm7AMra"},
	{"Postman API key", "PMAK-3831fc7f287a7f8fa4fed102-486894413152c577b324f80c9faf834d07"},
	{"Prefect API key", "pnu_eBlnf8hlMjKlURP80nkK2QyF4dobkY13aORJ"},
	{"Pulumi token", "pul-d3cd832be4e0be869fd01cbc9b431d8efd1ae5c9"},
	{"ReadMe API key", "rdme_foe54ag518g1z4x12mlv9vjypnfdspro77qi0dtaz1ro5uav4d5w1croho98kkm07tfumz"},
	{"Scalingo token", "tk-us-op21FxiLsd3cD7MINxceZdWq8QiM01yBTsGSsGFdH_Kt_bHw"},
	{"SendGrid API key", "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"},
	{"Brevo API key", "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"},
	{"Brevo API key", "xsmtpsib-503482ddc7a94df0dd3f30c14506f8749929cb79f6010a3f74c4104fdebc4997-oayUHm8LIZsFnSCT"},
	{"Sentry token", "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"},
	{"Sentry token", "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"},
	{"SettleMint token", "sm_aat_ZheDIGlrLh4NVnOj"},
	{"SettleMint token", "sm_pat_rzjVOQSvxJrCGjbe"},
	{"SettleMint token", "sm_sat_Ge5eQoLU7iAvjhL7"},
	{"Shippo token", "shippo_live_820e21ce3c46d1fea4f5fad4e7314ffbf700b2fd"},
	{"Shippo token", "shippo_test_a57933eb50a0cfc433da71d49a8be9d6a2882350"},
	{"Shopify token", "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"},
	{"Shopify token", "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"},
	{"Shopify token", "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"},
	{"Shopify token", "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"},
	{"Sourcegraph token", "sgp_1cf8d6d94d9da502_a451c36dbb0dbdd34672dc8f0052e6d8441018a3"},
	{"Sourcegraph token", "sgp_local_2abdc01b44b3b71e951a1e09d749d52a289d9774"}, // a local instance's token
	{"Sourcegraph token", "sgp_5DFbFD655D3BfA3cF8b8FaB51B7E7BdD6b981599"},       // legacy: 40 hex digits
	{"Square token", "EAAAIQDhPP760s8WtMDITs8PuCbGnOLgayYJALygUZ6TNiVvPkgqjr-zAhk7rU4M"},
	{"Square token", "sq0atp--hXVgIdDMF38MxgxBxRy5Q"},
	{"Square token", "sq0csp-pxIAxcbT12kstRWlF2LoZHZ2vKMu4hMzx5Uh3WoKR6b"},
	{"Typeform token", "tfp_IKOUyBEq_dBUOYNJRC288MgA-MtVQ56OpFH42EnZsTK8_mmPcgZyTg45a7g"},
	{"Twitter bearer token", "AAAAAAAAAAAAAAAAAAAAAAE1fD3ZX5AAAAAAArzGpPkDVS%2Bl6pBQO3CPjPeqYJUIW%3DxXUyuajGlxy3JN9HF8f08iZZTmZgLmhqbkNIeF5zcEPFt7fkXw"},
	{"Yandex Cloud token", "t1.zD9n11CdrFy6XHNb7e68hA.H9X6Z1r7gMvJQBjxdC5Bh1TxX11CO3ooz04W83OSsbeE_wqUMdWO111tOiMNdjeRWfOv3dGS42d9UMfbXpXGMS"},
	{"Yandex Cloud API key", "AQVNPTmdfI5wmfj_8iQ6Nvp1m4ucmiQ0xlJTB83Y"},
	// bodies whose first stretch, before a '+' or '=', is shorter than a run
	{"Fly.io token", "fm2_Tmv7+EAsJ5XqXllIxzbZipfq80Uw7r9MsCwnmGMvDbEJrjmxIddF3bCixzOxB0Vf+9f1Z9PAOKcRyiWN64W6VzG7LIUTqOJIc4i4lWXshBaijScB8ljqYFhOzIxB1BW5TsOVAfBg5WzLXzU"},
	{"Grafana Cloud token", "glc_Pe+QidqZ5J1pG53EYw21FVjQ0KC/BghgMkq8Rw3Zt1"},
	{"Defined Networking token", "dnkey-=GsH0No1=5lx5JSOCWd8W51Mcr-IokVygeFa3OPYF6coAIE_xTBEqgLM4VKQcNd5Spu31Qyrlmcl-GK"},
	{"PuTTY private key", "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: ci@build\nPublic-Lines: 2\nAAAAC3NzaC1lZDI1NTE5AAAAIBq3E0Uvo6Wn4Xb8N0yqXDVk3yH9p5vK3q1r3Y2cRk1a\nPrivate-Lines: 1\nAAAAIG3fj7bRzU4c1jS2b8cQe8PZq6d9Q7xgXrZq0uT5wJ9M\nPrivate-MAC: 5f1c2d3e4a5b6c7d8e9f00112233445566778899aabbccddeeff0011223344\n"},
	{"JWT", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"}, // RFC 7519's example header and payload
	{"JWT", "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0."},                                                // alg none: no signature
	{"JWT", "ZXlKaGJHY2lPaUpJVXpJMU5pSjkuZXlKemRXSWlPaUl4TWpNME5UWTNPRGt3SW4wLmZha2VzaWduYXR1cmU"}, // base64 of a JWT
	{"PEM private key", "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun\nVTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK\n-----END RSA PRIVATE KEY-----\n"},
	{"PEM private key", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACDJ3DQ1q4FeO3kj6fD3HwRz0Tq7mY6o6l8pZ9l8Hx9qAAAAmAzQJ1AM0CdQ\n-----END OPENSSH PRIVATE KEY-----\n"},
	{"PEM private key", "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBGXr8VQBCADNq3hE0TQ9ezS0Mz+Q1lJ5yd8cQ1S6b9+WZ5aQ8gkqkzCXyVnu\nT4XoC2o1lQPr0cJgQlqK8u8fQ0M4lJk7r2u2t5Hh9g3y8KD4JfGz5B1VbD1zL0yK\n-----END PGP PRIVATE KEY BLOCK-----\n"},
	{"PEM private key", "-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIFHzBJBgkqhkiG9w0BBQ0wPDAbBgkqhkiG9w0BBQwwDgQIkv6Vb4BQ2fYCAggA\nMB0GCWCGSAFlAwQBKgQQ0T9Q4SnBh6ly3Jb3ZdxhLwSCBNDu1zU2c7iQ9lW2s0jX\n-----END ENCRYPTED PRIVATE KEY-----\n"},
}

// TestFamilies: each sample is found, as its family, with nothing around
// it.
func TestFamilies(t *testing.T) {
	for _, tt := range familySamples {
		f, ok := secretvalue.Find(tt.value)
		if assert.True(t, ok, "%s: %.60q not found", tt.family, tt.value) {
			assert.Equal(t, tt.family, f.Family, "%.60q", tt.value)
			assert.Equal(t, "", f.Form, "%.60q", tt.value)
		}
		assert.True(t, secretvalue.Contains(tt.value), "%.60q", tt.value)
	}
}

// TestEveryPrefixHasASample: each built-in prefix starts a sample of its
// family, so that removing or breaking a row fails TestFamilies.
func TestEveryPrefixHasASample(t *testing.T) {
	prefixes, families := secretvalue.BuiltinPrefixes()
	for k, p := range prefixes {
		found := false
		for _, tt := range familySamples {
			found = found || tt.family == families[k] && strings.HasPrefix(tt.value, p)
		}
		assert.True(t, found, "prefix %q (%s) has no sample", p, families[k])
	}
}

// TestFamilyEdges: one step outside each format is not a credential.
func TestFamilyEdges(t *testing.T) {
	a := func(n int) string { return strings.Repeat("a", n) }
	for _, v := range []string{
		"ghp_" + a(29),                         // too short
		"ghx_" + a(36),                         // no such prefix
		"GHP_" + a(36),                         // case
		"ghp_" + a(20) + "/" + a(15),           // a byte out of the charset ends it short
		"AKIAIOSFODNN7EXAMPL",                  // 15 after AKIA
		"AKIAIOSFODNN7EXAMPLEX",                // 17 after AKIA
		"AKIAIOSFODNN8EXAMPLE",                 // 8 is not base32
		"AKIAiosfodnn7example",                 // case
		"AIDAIOSFODNN7EXAMPLE",                 // an IAM user's ID is not a key
		"AIza" + a(34),                         // 34 after AIza
		"sk-" + a(48),                          // legacy OpenAI without T3BlbkFJ
		"sk_live_abc",                          // too short
		"pk_live_" + a(24),                     // publishable: not a secret
		"npm_" + a(35),                         // 35
		"npm_config_cache",                     // a name
		"hf_home_directory_for_models",         // a name
		"s.abcdefghijklmnopqrstuvwx",           // all lower case: not random
		"dapi" + strings.Repeat("0", 31),       // 31 hex digits
		"dapi" + strings.Repeat("0", 32) + "g", // goes on past its 32
		"pat" + strings.Repeat("A", 14) + "." + strings.Repeat("g", 64),     // not hex after the dot
		"API-" + strings.Repeat("A", 25),                                    // 25
		"4b1d" + strings.Repeat("c", 40),                                    // 40: a hex digest, not 38
		"AGE-SECRET-KEY-1" + strings.Repeat("B", 58),                        // B is not bech32
		"age1" + strings.Repeat("q", 58),                                    // an age recipient: a public key
		"xoxb-123",                                                          // too short
		"xoxb-4821-RyUYBy1DeN",                                              // a workspace ID of 4 digits: Slack's have 8 or more
		"xoxp-1234-5678-9012-0570f5402bcf3c3c890baf3d29a5ec85",              // the same, in a user token
		"sgp_local_ec10247b40cce7ae3274Q7c06fd2f94ac0bca6a6",                // Q is not hex
		"sgp_879dec1CEBFE6dEF8aCE_B2cd2f5181ce0E2db9D1BCc5DCFAfB28C3e73c46", // an instance ID of 20, not 16
		"glpat-" + a(19),                                                    // 19
		"dckr_pat_short",                                                    // too short
		"eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0",                               // two parts
		"eyJ0eXAiOiJKV1QifQ.eyJzdWIiOiJ4In0.c2ln",                           // header without alg
		"eyJhbGciOiJIUzI1NiJ9",                                              // base64 JSON, no dots
		"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCI.eyJzdWIiOiJ4In0.c2ln",          // a header that does not close
		"sc_9qfkk1gnjacy.drnag.abc_9j1s502q3e5t86j5.WdeiWZTSUQkLypzR8rwmgkEH8IBj7FSDqxdQh-nexNUc83XA5Xq8hKmoa31_", // Authress with no acc_ part
		"-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo\n-----END PUBLIC KEY-----\n",
		"-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJ\n-----END CERTIFICATE-----\n",
		"-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQENBGXr8VQBCADNq3hE0TQ9ezS0Mz+Q1lJ5yd8cQ1S6b9+WZ5aQ8gkqkzCXyVnu\n-----END PGP PUBLIC KEY BLOCK-----\n",
		"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBq3E0Uvo6Wn4Xb8N0yqXDVk3yH9p5vK3q1r3Y2cRk1a ci@build",
	} {
		f, ok := secretvalue.Find(v)
		assert.False(t, ok, "%.60q reported as %s", v, f)
	}
}
