/** The production IdGenerator passes the same contract as the testkit's seeded one. */
import * as Contracts from "@bookmark-library/testkit/contracts"
import * as CryptoIdGenerator from "../../src/ids/CryptoIdGenerator.js"

Contracts.idGeneratorContract("crypto", CryptoIdGenerator.layer)
