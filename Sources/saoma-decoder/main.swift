// SPDX-License-Identifier: GPL-3.0-or-later
import Decoding
import Glibc

// Saoma's decoder process: every decoding engine, isolated from the window and the command line
// (see DecoderService). Started by Saoma only; not for running by hand.
exit(DecoderService.main())
