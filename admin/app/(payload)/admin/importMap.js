import { SentPlate as SentPlate_92dbf76f79b3b8c12a1e87d23443b52c } from '@bulkeklinikken/payload-plugin/admin/sent/Sent'
import { SentCar as SentCar_92dbf76f79b3b8c12a1e87d23443b52c } from '@bulkeklinikken/payload-plugin/admin/sent/Sent'
import { SentPhone as SentPhone_92dbf76f79b3b8c12a1e87d23443b52c } from '@bulkeklinikken/payload-plugin/admin/sent/Sent'
import { SentEmail as SentEmail_92dbf76f79b3b8c12a1e87d23443b52c } from '@bulkeklinikken/payload-plugin/admin/sent/Sent'
import { SentMessage as SentMessage_92dbf76f79b3b8c12a1e87d23443b52c } from '@bulkeklinikken/payload-plugin/admin/sent/Sent'
import { SentPhotos as SentPhotos_92dbf76f79b3b8c12a1e87d23443b52c } from '@bulkeklinikken/payload-plugin/admin/sent/Sent'
import { CaseAnswer as CaseAnswer_514df59a037b18d237d92e67996f25bc } from '@bulkeklinikken/payload-plugin/admin/case-answer/CaseAnswer'
import { ClosedAt as ClosedAt_c5b82c7b1061befab35ecd2afeca0a38 } from '@bulkeklinikken/payload-plugin/admin/sent/CaseState'
import { EmailStates as EmailStates_c5b82c7b1061befab35ecd2afeca0a38 } from '@bulkeklinikken/payload-plugin/admin/sent/CaseState'
import { CaseList as CaseList_47f81d995ece2fc2884e1676e9bad11d } from '@bulkeklinikken/payload-plugin/admin/case-list/CaseList'
import { EraseAgreement as EraseAgreement_69019c37e379150b52148c219d7784c7 } from '@bulkeklinikken/payload-plugin/admin/agreements/EraseAgreement'
import { WorkshopIcon as WorkshopIcon_7639b2af5b3ba61b47fcbf46b335f5f9 } from '@bulkeklinikken/payload-plugin/admin/brand/WorkshopIcon'
import { WorkshopLogo as WorkshopLogo_ef5041b70be81b6d362f8f327db9d91a } from '@bulkeklinikken/payload-plugin/admin/brand/WorkshopLogo'
import { NavBrand as NavBrand_5a619209b29d28268be83b5ecf4e6d8d } from '@bulkeklinikken/payload-plugin/admin/brand/NavBrand'
import { TimebookLink as TimebookLink_f5341092ef5ab38c20c04269df2f89ef } from '@bulkeklinikken/payload-plugin/admin/timebook/TimebookLink'
import { Dashboard as Dashboard_fa77ca7918487e05d09aba7ce9bd7f5f } from '@bulkeklinikken/payload-plugin/admin/dashboard/Dashboard'
import { Timebook as Timebook_70dde7566cc649b7f7b3928608e24ee4 } from '@bulkeklinikken/payload-plugin/admin/timebook/Timebook'
import { FirstStaffUser as FirstStaffUser_2f1ab628cbd0ebbccbbebb47d0fe4044 } from '../../../components/FirstStaffUser'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "@bulkeklinikken/payload-plugin/admin/sent/Sent#SentPlate": SentPlate_92dbf76f79b3b8c12a1e87d23443b52c,
  "@bulkeklinikken/payload-plugin/admin/sent/Sent#SentCar": SentCar_92dbf76f79b3b8c12a1e87d23443b52c,
  "@bulkeklinikken/payload-plugin/admin/sent/Sent#SentPhone": SentPhone_92dbf76f79b3b8c12a1e87d23443b52c,
  "@bulkeklinikken/payload-plugin/admin/sent/Sent#SentEmail": SentEmail_92dbf76f79b3b8c12a1e87d23443b52c,
  "@bulkeklinikken/payload-plugin/admin/sent/Sent#SentMessage": SentMessage_92dbf76f79b3b8c12a1e87d23443b52c,
  "@bulkeklinikken/payload-plugin/admin/sent/Sent#SentPhotos": SentPhotos_92dbf76f79b3b8c12a1e87d23443b52c,
  "@bulkeklinikken/payload-plugin/admin/case-answer/CaseAnswer#CaseAnswer": CaseAnswer_514df59a037b18d237d92e67996f25bc,
  "@bulkeklinikken/payload-plugin/admin/sent/CaseState#ClosedAt": ClosedAt_c5b82c7b1061befab35ecd2afeca0a38,
  "@bulkeklinikken/payload-plugin/admin/sent/CaseState#EmailStates": EmailStates_c5b82c7b1061befab35ecd2afeca0a38,
  "@bulkeklinikken/payload-plugin/admin/case-list/CaseList#CaseList": CaseList_47f81d995ece2fc2884e1676e9bad11d,
  "@bulkeklinikken/payload-plugin/admin/agreements/EraseAgreement#EraseAgreement": EraseAgreement_69019c37e379150b52148c219d7784c7,
  "@bulkeklinikken/payload-plugin/admin/brand/WorkshopIcon#WorkshopIcon": WorkshopIcon_7639b2af5b3ba61b47fcbf46b335f5f9,
  "@bulkeklinikken/payload-plugin/admin/brand/WorkshopLogo#WorkshopLogo": WorkshopLogo_ef5041b70be81b6d362f8f327db9d91a,
  "@bulkeklinikken/payload-plugin/admin/brand/NavBrand#NavBrand": NavBrand_5a619209b29d28268be83b5ecf4e6d8d,
  "@bulkeklinikken/payload-plugin/admin/timebook/TimebookLink#TimebookLink": TimebookLink_f5341092ef5ab38c20c04269df2f89ef,
  "@bulkeklinikken/payload-plugin/admin/dashboard/Dashboard#Dashboard": Dashboard_fa77ca7918487e05d09aba7ce9bd7f5f,
  "@bulkeklinikken/payload-plugin/admin/timebook/Timebook#Timebook": Timebook_70dde7566cc649b7f7b3928608e24ee4,
  "./components/FirstStaffUser#FirstStaffUser": FirstStaffUser_2f1ab628cbd0ebbccbbebb47d0fe4044,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
