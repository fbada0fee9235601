import { SentPlate as SentPlate_c56009ae66bc05360274a07c3f9de69e } from '@bulkeklinikken/payload-plugin/admin/Sent'
import { SentCar as SentCar_c56009ae66bc05360274a07c3f9de69e } from '@bulkeklinikken/payload-plugin/admin/Sent'
import { SentPhone as SentPhone_c56009ae66bc05360274a07c3f9de69e } from '@bulkeklinikken/payload-plugin/admin/Sent'
import { SentEmail as SentEmail_c56009ae66bc05360274a07c3f9de69e } from '@bulkeklinikken/payload-plugin/admin/Sent'
import { SentMessage as SentMessage_c56009ae66bc05360274a07c3f9de69e } from '@bulkeklinikken/payload-plugin/admin/Sent'
import { SentPhotos as SentPhotos_c56009ae66bc05360274a07c3f9de69e } from '@bulkeklinikken/payload-plugin/admin/Sent'
import { CaseAnswer as CaseAnswer_3cc03a7235de3c5ee1cee2e72c420083 } from '@bulkeklinikken/payload-plugin/admin/CaseAnswer'
import { ClosedAt as ClosedAt_cdba8ddacc415faad5d42009ef3503e3 } from '@bulkeklinikken/payload-plugin/admin/CaseState'
import { EmailStates as EmailStates_cdba8ddacc415faad5d42009ef3503e3 } from '@bulkeklinikken/payload-plugin/admin/CaseState'
import { CaseList as CaseList_1ecc50bd229d1ae63d5a5aaf84cb097c } from '@bulkeklinikken/payload-plugin/admin/CaseList'
import { EraseAgreement as EraseAgreement_c4da1cadf9d66591a040d2731683ea25 } from '@bulkeklinikken/payload-plugin/admin/EraseAgreement'
import { WorkshopIcon as WorkshopIcon_1d1f2c5f22c8158c79558f5ed37173b2 } from '@bulkeklinikken/payload-plugin/admin/WorkshopIcon'
import { WorkshopLogo as WorkshopLogo_5d618bb2c746984095b7c37db8b2284a } from '@bulkeklinikken/payload-plugin/admin/WorkshopLogo'
import { NavBrand as NavBrand_f367ccbd0033efd60c2ea66d99f61bc1 } from '@bulkeklinikken/payload-plugin/admin/NavBrand'
import { Dashboard as Dashboard_5b2989230ec73f3f9d198f07130cf92f } from '@bulkeklinikken/payload-plugin/admin/Dashboard'
import { FirstStaffUser as FirstStaffUser_2f1ab628cbd0ebbccbbebb47d0fe4044 } from '../../../components/FirstStaffUser'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "@bulkeklinikken/payload-plugin/admin/Sent#SentPlate": SentPlate_c56009ae66bc05360274a07c3f9de69e,
  "@bulkeklinikken/payload-plugin/admin/Sent#SentCar": SentCar_c56009ae66bc05360274a07c3f9de69e,
  "@bulkeklinikken/payload-plugin/admin/Sent#SentPhone": SentPhone_c56009ae66bc05360274a07c3f9de69e,
  "@bulkeklinikken/payload-plugin/admin/Sent#SentEmail": SentEmail_c56009ae66bc05360274a07c3f9de69e,
  "@bulkeklinikken/payload-plugin/admin/Sent#SentMessage": SentMessage_c56009ae66bc05360274a07c3f9de69e,
  "@bulkeklinikken/payload-plugin/admin/Sent#SentPhotos": SentPhotos_c56009ae66bc05360274a07c3f9de69e,
  "@bulkeklinikken/payload-plugin/admin/CaseAnswer#CaseAnswer": CaseAnswer_3cc03a7235de3c5ee1cee2e72c420083,
  "@bulkeklinikken/payload-plugin/admin/CaseState#ClosedAt": ClosedAt_cdba8ddacc415faad5d42009ef3503e3,
  "@bulkeklinikken/payload-plugin/admin/CaseState#EmailStates": EmailStates_cdba8ddacc415faad5d42009ef3503e3,
  "@bulkeklinikken/payload-plugin/admin/CaseList#CaseList": CaseList_1ecc50bd229d1ae63d5a5aaf84cb097c,
  "@bulkeklinikken/payload-plugin/admin/EraseAgreement#EraseAgreement": EraseAgreement_c4da1cadf9d66591a040d2731683ea25,
  "@bulkeklinikken/payload-plugin/admin/WorkshopIcon#WorkshopIcon": WorkshopIcon_1d1f2c5f22c8158c79558f5ed37173b2,
  "@bulkeklinikken/payload-plugin/admin/WorkshopLogo#WorkshopLogo": WorkshopLogo_5d618bb2c746984095b7c37db8b2284a,
  "@bulkeklinikken/payload-plugin/admin/NavBrand#NavBrand": NavBrand_f367ccbd0033efd60c2ea66d99f61bc1,
  "@bulkeklinikken/payload-plugin/admin/Dashboard#Dashboard": Dashboard_5b2989230ec73f3f9d198f07130cf92f,
  "./components/FirstStaffUser#FirstStaffUser": FirstStaffUser_2f1ab628cbd0ebbccbbebb47d0fe4044,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
