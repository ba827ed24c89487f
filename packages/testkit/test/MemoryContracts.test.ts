import { Layer } from "effect"
import * as Contracts from "../src/contracts/index.js"
import * as FakeContentAnalyzer from "../src/fakes/FakeContentAnalyzer.js"
import * as MemoryAllowanceCounter from "../src/memory/MemoryAllowanceCounter.js"
import * as MemoryAssetStore from "../src/memory/MemoryAssetStore.js"
import * as MemoryIdGenerator from "../src/memory/MemoryIdGenerator.js"
import * as TestApp from "../src/TestApp.js"

const storage = TestApp.storage

Contracts.accountsContract("memory", storage)
Contracts.bookmarksContract("memory", storage)
Contracts.jobsContract("memory", storage)
Contracts.importsContract("memory", storage)
Contracts.webhooksContract("memory", storage)
Contracts.deliveriesContract("memory", storage)
Contracts.allowanceCounterContract("memory", MemoryAllowanceCounter.layer, { effectClock: true })
Contracts.assetStoreContract("memory", MemoryAssetStore.layer())
Contracts.idGeneratorContract("memory", MemoryIdGenerator.layer())
Contracts.contentAnalyzerContract("fake", Layer.mergeAll(FakeContentAnalyzer.layer))
